// The Activity screen's filters as the address keeps them (`?kind=`, `?actor=`, `?from=`,
// `?to=`), so a filtered log can be shared, reloaded and gone back to.
import { adminActionKinds, type AdminActionKind } from '@hostelhub/contracts';
import type { ActivityFilters } from '../api/activity';

const isKind = (value: string | null): value is AdminActionKind =>
  value !== null && (adminActionKinds as readonly string[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isUid = (value: string | null): value is string => value !== null && /^[\w-]{1,128}$/.test(value);

/** The filters the address asks for; what it spells wrongly is left out. */
export function activityFiltersFrom(params: URLSearchParams): ActivityFilters {
  const [kind, actor, from, to] = ['kind', 'actor', 'from', 'to'].map((name) => params.get(name));
  return {
    ...(isKind(kind!) ? { kind } : {}),
    ...(isUid(actor!) ? { actor } : {}),
    ...(isDay(from!) ? { from } : {}),
    ...(isDay(to!) ? { to } : {}),
  } as ActivityFilters;
}

/** The address's query for the filters. */
export function searchFor(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params;
}
