// The member's meal pass: the reservations whose pass may be shown now (GET /passes/current)
// and a signed pass for one of them (POST /passes), renewed before it expires while shown.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  routes,
  passLifetimeSeconds,
  passOpensMinutesBefore,
  type MealPass,
  type OfflinePasses,
} from '@hostelhub/contracts';
import { callEndpoint, fetchEndpoint } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { keptAnswer } from '@/lib/offline/offline-answers';
import { queryKeys } from '@/lib/query-keys';

export const useCurrentPasses = () =>
  useQuery({
    queryKey: queryKeys.passes.current,
    queryFn: ({ signal }) => fetchEndpoint(routes.currentPasses, { signal }),
    // A serving opens while the page is open: look again every minute.
    refetchInterval: 60_000,
  });

/**
 * GET /passes/offline (ADR 79): the member's passes of the next day, each signed until its
 * serving ends. Asked for while online and kept on the phone (lib/offline/offline-answers.ts),
 * so the pass shows with no signal at the counter.
 */
export const useOfflinePasses = () =>
  useQuery({
    queryKey: queryKeys.passes.offline,
    queryFn: ({ signal }) => fetchEndpoint(routes.offlinePasses, { signal }),
    // The same passes on every ask: a reservation made meanwhile is what a new ask adds.
    staleTime: 5 * 60_000,
  });

/**
 * The member's offline passes as last answered, or until then (or when the ask fails) as kept
 * on the phone by an earlier visit (ADR 84): each is signed until its serving ends, so the
 * counter serves a kept one as it would a fresh one.
 */
export function usePassesOnThePhone(): OfflinePasses | undefined {
  const offline = useOfflinePasses();
  const uid = useSession().user?.uid;
  const [kept] = useState(() => (uid ? keptAnswer<OfflinePasses>(uid, queryKeys.passes.offline)?.data : undefined));
  return offline.data ?? kept;
}

/**
 * The kept or fresh offline pass whose serving's pass may be shown at `now` (from
 * `passOpensMinutesBefore` its start until its end), the earliest first; null if none.
 */
export function offlinePassOpenAt(passes: OfflinePasses | undefined, now: number) {
  const open = (passes?.items ?? []).filter(
    (item) =>
      new Date(item.startsAt).getTime() - passOpensMinutesBefore * 60_000 <= now &&
      now < new Date(item.endsAt).getTime(),
  );
  return open.sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0] ?? null;
}

/** Renewed this long before it expires, so the code on screen is always one the counter accepts. */
const renewBeforeMs = 15_000;

/** When to ask for the next pass: before this one expires (at once if it already has). */
export function renewalDelay(pass: Pick<MealPass, 'expiresAt'>, now = Date.now()): number {
  return Math.max(0, new Date(pass.expiresAt).getTime() - now - renewBeforeMs);
}

/** A pass for one's reservation, or a walk-in pass for a serving open now (no reservation). */
export type PassTarget = { requestId: string } | { servingId: string };

/**
 * A signed pass for the reservation (or the walk-in serving), renewed while the page shows it; when the page goes the
 * query goes with it, so no pass is asked for that nobody sees.
 */
export const useMealPass = (target: PassTarget | null) =>
  useQuery({
    queryKey: queryKeys.passes.pass(target ? JSON.stringify(target) : ''),
    queryFn: async () => (await callEndpoint(routes.createPass, { body: target ?? { requestId: '' } })).data,
    enabled: Boolean(target),
    gcTime: 0,
    staleTime: (query) => (query.state.data ? renewalDelay(query.state.data) : 0),
    refetchInterval: (query) => (query.state.data ? renewalDelay(query.state.data) || 1000 : false),
    // A pass is short-lived: a failed renewal is retried quickly rather than left stale.
    retry: 2,
    retryDelay: 2000,
    meta: { lifetimeSeconds: passLifetimeSeconds },
  });
