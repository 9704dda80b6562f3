import { isCalendarDate } from '@hostelhub/contracts';

/** The menu page's week: `?from=` when it is a real date; otherwise the week from today. */
export function menuWeekStartFrom(params: URLSearchParams): string | undefined {
  const from = params.get('from');
  return from && isCalendarDate(from) ? from : undefined;
}
