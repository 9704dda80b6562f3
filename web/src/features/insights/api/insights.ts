// GET /insights (admin) for a range of months, and the accounts' CSV exports, read as text
// with the API token by the one client and saved as files.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type InsightsQuery } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const useInsights = (range: InsightsQuery) =>
  useQuery({
    queryKey: queryKeys.insights(range.from, range.to),
    queryFn: ({ signal }) => fetchEndpoint(routes.insights, { query: { from: range.from, to: range.to }, signal }),
    // Another range keeps the charts in view until its numbers arrive, instead of a spinner.
    placeholderData: keepPreviousData,
  });

/** GET /exports/payments.csv for the range's months, as the API writes it. */
export const getPaymentsCsv = (range: InsightsQuery) =>
  fetchEndpoint(routes.paymentsExport, { query: { from: range.from, to: range.to }, responseType: 'text' });

/** GET /exports/members.csv, as the API writes it: one hall's members for `hall` (ADR 72). */
export const getMembersCsv = (hall?: string) =>
  fetchEndpoint(routes.membersExport, { query: { hall }, responseType: 'text' });
