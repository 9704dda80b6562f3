// The Activity screen's filters as the address keeps them (`?kind=`, `?actor=`, `?from=`,
// `?to=`), so a filtered log can be shared, reloaded and gone back to.
import { adminActionKinds, type AdminActionKind } from '@hostelhub/contracts';
import type { ActivityFilters } from '../api/activity';

const isKind = (value: string | null): value is AdminActionKind =>
  value !== null && (adminActionKinds as readonly string[]).includes(value);
const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value);
const isUid = (value: string | null): value is string => value !== null && /^[\w-]{1,128}$/.test(value);

/** The filters the address asks for; what it spells wrongly is left out. */
export function activityFiltersFrom(params: URLSearchParams): ActivityFilters {
  const kind = params.get('kind');
  const actor = params.get('actor');
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(isKind(kind) ? { kind } : {}),
    ...(isUid(actor) ? { actor } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
}

/** The address's query for the filters: only those chosen, in a fixed order. */
export function searchFor(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['kind', 'actor', 'from', 'to'] as const) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** A range that ends before it starts, which the API refuses (400 "from must not be after to"). */
export const isBackwards = ({ from, to }: ActivityFilters) => Boolean(from && to && from > to);
