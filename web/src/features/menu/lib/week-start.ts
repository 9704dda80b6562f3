import { isCalendarDate, type Hall } from '@hostelhub/contracts';

/** The menu page's week: `?from=` when it is a real date; otherwise the week from today. */
export function menuWeekStartFrom(params: URLSearchParams): string | undefined {
  const from = params.get('from');
  return from && isCalendarDate(from) ? from : undefined;
}

/**
 * The menu page's hall: `?hall=` when it names one of the hostel's halls (ADR 72); every hall's
 * servings otherwise, an unknown hall included, so an old link still opens a menu.
 */
export function menuHallFrom(params: URLSearchParams, halls: Hall[] | undefined): string | undefined {
  const hall = params.get('hall');
  return hall && halls?.some((each) => each._id === hall) ? hall : undefined;
}
