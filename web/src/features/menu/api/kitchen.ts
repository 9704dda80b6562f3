// The production sheet (GET /kitchen?format=csv, admin). The day's servings and their live
// counts are domain/kitchen/kitchen-day.ts.
import { routes, endpointPath } from '@hostelhub/contracts';
import { apiRequest } from '@/lib/api-client';

/** The production sheet as the API writes it: text/csv, not the entry's JSON answer, so read as text. */
export const getProductionSheet = async (date: string, margin: number, hall?: string) =>
  (
    await apiRequest<string>(endpointPath(routes.kitchen.path), {
      query: { date, format: 'csv', margin, ...(hall ? { hall } : {}) },
      responseType: 'text',
    })
  ).data;
