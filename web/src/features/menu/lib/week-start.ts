import { calendarDate } from '@hostelhub/contracts';

/**
 * The menu page's week: `?from=` when it is a real date; otherwise the week from today. Its
 * own module: the check is a zod schema, which the home page (reading today's menu) does not
 * need in its first JavaScript.
 */
export function menuWeekStartFrom(params: URLSearchParams): string | undefined {
  const from = params.get('from');
  return from && calendarDate.safeParse(from).success ? from : undefined;
}
