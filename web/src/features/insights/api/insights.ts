// GET /insights (admin) for a range of months, and the accounts' CSV exports, read as text
// with the API token by the one client and saved as files.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type InsightsQuery } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The range's insights, of one hall when `hall` names it (ADR 72); none asked while `enabled` is false. */
export const useInsights = (range: InsightsQuery, hall: string | undefined, enabled = true) =>
  useQuery({
    queryKey: queryKeys.insights(range.from, range.to, hall ?? ''),
    queryFn: ({ signal }) =>
      fetchEndpoint(routes.insights, { query: { from: range.from, to: range.to, hall }, signal }),
    // Another range keeps the charts in view until its numbers arrive, instead of a spinner.
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /exports/payments.csv for the range's months, as the API writes it: one hall's for `hall`. */
export const getPaymentsCsv = (range: InsightsQuery, hall?: string) =>
  fetchEndpoint(routes.paymentsExport, { query: { from: range.from, to: range.to, hall }, responseType: 'text' });

/** GET /exports/members.csv, as the API writes it: one hall's members for `hall` (ADR 72). */
export const getMembersCsv = (hall?: string) =>
  fetchEndpoint(routes.membersExport, { query: { hall }, responseType: 'text' });
