import { useEffect, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  defaultHostelTimeZone,
  mealSlotLabels,
  passOpensMinutesBefore,
  shortCodeLength,
  type CurrentPasses,
  type MealPass,
  type UserProfile,
} from '@hostelhub/contracts';
import { Avatar } from '@/components/avatar';
import { ErrorState } from '@/components/error-state';
import { OfflineNote } from '@/components/offline-note';
import { PageTitle } from '@/components/page-title';
import { PageLoader } from '@/components/spinner';
import { useNow } from '@/hooks/use-now';
import { useSession } from '@/lib/auth';
import { useMenu } from '@/lib/menu-query';
import { keepPassPage, liftKeptPassPage } from '@/lib/offline/kept-pass-page';
import { keptAnswer } from '@/lib/offline/offline-answers';
import { useOnline } from '@/lib/offline/online';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { formatServingWindow } from '@/lib/serving-format';
import { offlinePassOpenAt, useCurrentPasses, useMealPass, useOfflinePasses, usePassesOnThePhone } from '../api/passes';
import { QrCode } from '../components/qr-code';

/** Keeps the screen on while the pass is shown, where the browser offers a wake lock. */
function useScreenAwake(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const request = () =>
      navigator.wakeLock
        .request('screen')
        .then((sentinel) => {
          if (released) void sentinel.release();
          else lock = sentinel;
        })
        // Refused (battery saver, a hidden tab): the pass still shows, the screen may dim.
        .catch(() => undefined);
    void request();
    // A wake lock ends when the tab is hidden; take it again when the pass is back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void request();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release();
    };
  }, [active]);
}

/** What the pass card shows of its serving: a reservation's, or a walk-in's chosen from the menu. */
type PassServing = Pick<CurrentPasses['items'][number], 'servingId' | 'slot' | 'startsAt' | 'endsAt' | 'meal'>;

/**
 * Members without a reservation may still eat at a serving open now, if places and their
 * quota allow: the counter checks that and asks the staff to confirm. This offers the pass.
 */
function WalkInChoice({ onChoose }: { onChoose: (serving: PassServing) => void }) {
  const menu = useMenu(undefined, 1);
  const now = useNow(60_000);
  const open = (menu.data?.days[0]?.servings ?? []).filter(
    (serving) =>
      new Date(serving.startsAt).getTime() - passOpensMinutesBefore * 60_000 <= now &&
      now < new Date(serving.endsAt).getTime(),
  );
  if (open.length === 0) return null;
  return (
    <div className="mt-4">
      <p className="font-semibold text-stone-900">Eating without a reservation?</p>
      <p className="text-sm">The counter serves walk-ins while places and your weekly requests allow.</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {open.map((serving) => (
          <li key={serving._id}>
            <button
              type="button"
              className="btn-secondary btn-sm"
              onClick={() =>
                onChoose({
                  servingId: serving._id,
                  slot: serving.slot,
                  startsAt: serving.startsAt,
                  endsAt: serving.endsAt,
                  meal: { _id: serving.meal._id, title: serving.meal.title, image: serving.meal.image },
                })
              }
            >
              Walk-in pass: {mealSlotLabels[serving.slot]}, {serving.meal.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "K7M 2QX": the short code in two halves, easy to read aloud. */
const spacedCode = (code: string) => `${code.slice(0, shortCodeLength / 2)} ${code.slice(shortCodeLength / 2)}`;

/** A pass as the counter reads it: the QR code, or the short code read aloud. */
function PassCode({
  pass,
  title,
  onDrawn,
}: {
  pass: Pick<MealPass, 'token' | 'shortCode'>;
  title: string;
  onDrawn?: (token: string) => void;
}) {
  return (
    <>
      <QrCode
        text={pass.token}
        label={`Meal pass QR code for ${title}`}
        className="w-full max-w-xs"
        onDrawn={onDrawn}
      />
      <p className="text-sm">Or read this code to the counter:</p>
      <p
        className="font-mono text-5xl font-black tracking-[0.2em]"
        data-testid="meal-pass-code"
        aria-label={`Short code ${pass.shortCode.split('').join(' ')}`}
      >
        {spacedCode(pass.shortCode)}
      </p>
    </>
  );
}

/**
 * The member's face and name above a pass, as the counter compares them. Until the profile
 * comes, the one kept on the phone (ADR 84): the kept pass is drawn before the profile, and a
 * name that came later widened the centred row and moved it.
 */
function PassHolder() {
  const { profile, user } = useSession();
  const [kept] = useState(() =>
    user ? keptAnswer<UserProfile>(user.uid, queryKeys.profile.of(user.uid))?.data : undefined,
  );
  const holder = profile ?? kept;
  const name = holder?.name ?? user?.displayName ?? '';
  return (
    <div className="flex items-center gap-3">
      <Avatar src={holder?.photoURL ?? user?.photoURL ?? null} name={name} className="size-14" />
      <div className="text-left">
        <p className="text-xl font-bold">{name}</p>
        <p className="text-sm">{holder ? `${holder.badge} member` : 'Member'}</p>
      </div>
    </div>
  );
}

/**
 * With no connection (ADR 79): the passes kept on this phone for servings that have not
 * ended, each signed until its serving ends and served once, with the time they were saved.
 */
function OfflinePasses() {
  const passes = useOfflinePasses();
  const now = useNow(60_000);
  const shown = (passes.data?.items ?? []).filter((item) => new Date(item.endsAt).getTime() > now);
  useScreenAwake(shown.length > 0);
  return (
    <>
      <OfflineNote updatedAt={passes.dataUpdatedAt} />
      {shown.length === 0 ? (
        <div className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">
          <p className="font-semibold text-stone-900">No pass is saved on this phone for now.</p>
          <p className="mt-1">Your passes for the next day are saved each time you open this page with a connection.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-6">
          {shown.map((item) => (
            <li
              key={item.requestId}
              className="mx-auto flex w-full max-w-md flex-col items-center gap-4 rounded-3xl border-4 border-black bg-white p-5 text-center text-black"
            >
              <PassHolder />
              <p className="text-lg font-semibold">
                {mealSlotLabels[item.slot]}: {item.meal.title}
              </p>
              <p>
                <time dateTime={item.startsAt}>
                  {formatServingWindow(item.startsAt, item.endsAt, defaultHostelTimeZone)}
                </time>
              </p>
              <PassCode pass={item.pass} title={item.meal.title} />
              <p className="text-xs text-stone-700">
                Saved on this phone: the counter serves it once, from an hour before the serving until it ends.
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The member's meal pass for a reservation whose serving is open now or within the hour: a
 * large QR code and a short code, renewed every minute, so a screenshot stops working. While
 * the fresh pass loads, the one kept on the phone for that serving shows (ADR 84): a weak
 * signal at the counter never leaves the member with a spinner. With no connection, the
 * passes kept on the phone (OfflinePasses).
 */
export function MealPassPage() {
  const online = useOnline();
  // Asked for while online, so that they are on the phone when the signal goes; the kept ones
  // meanwhile.
  const onThePhone = usePassesOnThePhone();
  const passes = useCurrentPasses();
  const now = useNow(60_000);
  const [walkIn, setWalkIn] = useState<PassServing | null>(null);
  const current = passes.data?.items[0];
  const kept = online ? offlinePassOpenAt(onThePhone, now) : null;
  // The kept pass stands in for the current reservation's until the fresh one is made, and
  // when the reservations could not be asked for (a signal that comes and goes).
  const keptShown =
    kept && (current ? kept.servingId === current.servingId : passes.isPending || passes.isError) ? kept : null;
  const reservation = current ?? walkIn ?? keptShown;
  const pass = useMealPass(
    !online
      ? null
      : current
        ? current.requestId
          ? { requestId: current.requestId }
          : // Counted by default (ADR 74): the serving names the pass.
            { servingId: current.servingId }
        : walkIn
          ? { servingId: walkIn.servingId }
          : null,
  );
  const code = pass.data ?? (pass.isError ? undefined : keptShown?.pass);
  useScreenAwake(online && Boolean(code));
  const uid = useSession().user?.uid;
  const [drawnToken, setDrawnToken] = useState<string | null>(null);

  // The page kept on the phone (ADR 86) covers this one until it is drawn: its pass with its
  // QR code, or what it says instead; offline, the passes kept. Leaving the page lifts it too.
  const loading = (passes.isPending && !keptShown) || (reservation && !code && !pass.isError);
  const drawn = !online || (!loading && (!code || drawnToken === code.token));
  useLayoutEffect(() => {
    if (drawn) liftKeptPassPage();
  }, [drawn]);
  useEffect(() => liftKeptPassPage, []);
  // The page as drawn with the kept pass, signed until its serving ends, is what the next visit
  // shows before the site's scripts: never a minute's pass, stale by then.
  const keptDrawn = Boolean(uid && keptShown && code === keptShown.pass && drawnToken === code.token);
  useEffect(() => {
    if (!keptDrawn || !uid || !keptShown) return;
    keepPassPage(uid, {
      pass: `${keptShown.servingId} ${keptShown.pass.shortCode}`,
      from: new Date(keptShown.startsAt).getTime() - passOpensMinutesBefore * 60_000,
      until: new Date(keptShown.endsAt).getTime(),
    });
  }, [keptDrawn, uid, keptShown]);

  return (
    <section>
      <PageTitle>Meal Pass</PageTitle>
      {!online ? (
        <OfflinePasses />
      ) : passes.isPending && !keptShown ? (
        <PageLoader label="Looking for your pass" />
      ) : passes.isError && !keptShown ? (
        <ErrorState title="Your pass could not be loaded" error={passes.error} onRetry={() => passes.refetch()} />
      ) : !reservation ? (
        <div className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">
          <p className="font-semibold text-stone-900">No pass to show right now.</p>
          <p className="mt-1">
            Your pass appears here from an hour before a serving you reserved until it ends.{' '}
            <Link to={paths.menu} className="text-orange-700 underline">
              See the menu
            </Link>{' '}
            to reserve a place.
          </p>
          <WalkInChoice onChoose={setWalkIn} />
        </div>
      ) : (
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl border-4 border-black bg-white p-5 text-center text-black">
          <PassHolder />
          <p className="text-lg font-semibold">
            {mealSlotLabels[reservation.slot]}: {reservation.meal.title}
          </p>
          {reservation === walkIn && <p className="font-semibold">Walk-in: no reservation</p>}
          <p>
            <time dateTime={reservation.startsAt}>
              {formatServingWindow(reservation.startsAt, reservation.endsAt, defaultHostelTimeZone)}
            </time>
          </p>
          {code ? (
            <>
              <PassCode pass={code} title={reservation.meal.title} onDrawn={setDrawnToken} />
              <p className="text-xs text-stone-700">
                The code changes every minute: show this screen, not a screenshot.
              </p>
            </>
          ) : pass.isError ? (
            <ErrorState title="Your pass could not be made" error={pass.error} onRetry={() => pass.refetch()} />
          ) : (
            <PageLoader label="Making your pass" />
          )}
        </div>
      )}
    </section>
  );
}
