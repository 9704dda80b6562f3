import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  allergenLabels,
  counterOfflineMessage,
  mealSlotLabels,
  shortCodeSchema,
  type KitchenServing,
  type RedemptionBody,
} from '@hostelhub/contracts';
import { Avatar } from '@/components/avatar';
import { ErrorState } from '@/components/error-state';
import { LiveStatusNote } from '@/components/live-status-note';
import { PageTitle } from '@/components/page-title';
import { PageLoader } from '@/components/spinner';
import { useNow } from '@/hooks/use-now';
import { confirmAction } from '@/lib/dialogs';
import { formatServingWindow } from '@/lib/serving-format';
import { useKitchenDay, useLiveKitchenServings } from '@/domain/kitchen/kitchen-day';
import { useRedeemPass, type CounterAnswer } from '../api/redemptions';
import { QrScanner } from '../components/qr-scanner';

/** The serving the counter works on by default: the one open now, else the next, else the first. */
export function servingOpenAt(servings: KitchenServing[], now: number): KitchenServing | undefined {
  const hour = 3_600_000;
  const open = servings.find(
    (serving) => new Date(serving.startsAt).getTime() - hour <= now && now <= new Date(serving.endsAt).getTime(),
  );
  return open ?? servings.find((serving) => new Date(serving.startsAt).getTime() > now) ?? servings[0];
}

/** Whether the device has a network: the counter never pretends to serve without one. */
function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

const offlineAnswer = (body: RedemptionBody): CounterAnswer => ({
  kind: 'refused',
  refusal: { reason: 'invalid', message: counterOfflineMessage },
  body,
});

/** How long an answer stays before the counter is ready for the next diner. */
const answerShownMs = 8000;

/**
 * The counter, for a phone or tablet: scan a member's pass (or type its short code), and the
 * whole screen says Serve or why not. Each serve is recorded once by the API.
 */
export function CounterPage() {
  const day = useKitchenDay(undefined);
  const { servings, status } = useLiveKitchenServings(day);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const now = useNow(60_000);
  const serving = servings.find((entry) => entry._id === chosenId) ?? servingOpenAt(servings, now);
  const online = useOnline();
  const redeem = useRedeemPass();
  const [answer, setAnswer] = useState<CounterAnswer | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const lastToken = useRef<string | null>(null);

  const send = async (body: RedemptionBody) => {
    if (!online) {
      setAnswer(offlineAnswer(body));
      return;
    }
    setAnswer(await redeem.mutateAsync(body));
  };

  const onScan = (token: string) => {
    // The same QR code held in front of the camera is sent once, until another one is read.
    if (!serving || redeem.isPending || token === lastToken.current) return;
    lastToken.current = token;
    void send({ token, servingId: serving._id });
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (!serving) return;
    const parsed = shortCodeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'Not a short code');
      return;
    }
    setCodeError(null);
    void send({ shortCode: parsed.data, servingId: serving._id });
  };

  const onWalkIn = async () => {
    if (answer?.kind !== 'refused') return;
    const name = answer.refusal.member?.name ?? 'this member';
    if (!(await confirmAction('Serve as a walk-in?', `${name} has no reservation. Serve them now?`, 'Serve'))) return;
    await send({ ...answer.body, walkIn: true } as RedemptionBody);
  };

  const dismiss = () => {
    setAnswer(null);
    setCode('');
    lastToken.current = null;
  };

  if (day.isPending) return <PageLoader label="Loading today's servings" />;
  if (day.isError)
    return <ErrorState title="Today's servings could not be loaded" error={day.error} onRetry={() => day.refetch()} />;

  return (
    <section className="flex flex-col gap-4">
      <PageTitle>Counter</PageTitle>
      {!online && (
        <p role="status" className="rounded-xl bg-red-700 p-3 text-center text-lg font-bold text-white">
          Offline: nothing can be served until the connection is back
        </p>
      )}
      {servings.length === 0 ? (
        <p className="text-stone-700">Nothing is served today.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-4">
            <label className="flex flex-col gap-1">
              <span className="label">Serving</span>
              <select
                className="input"
                value={serving?._id ?? ''}
                onChange={(event) => setChosenId(event.target.value)}
              >
                {servings.map((entry) => (
                  <option key={entry._id} value={entry._id}>
                    {mealSlotLabels[entry.slot]}: {entry.meal.title} (
                    {formatServingWindow(entry.startsAt, entry.endsAt, day.data.timeZone)})
                  </option>
                ))}
              </select>
            </label>
            {serving && (
              <p className="text-2xl font-bold text-stone-900" data-testid="counter-count" aria-live="polite">
                {serving.served} served / {serving.reserved} reserved
              </p>
            )}
            <LiveStatusNote status={status} />
          </div>
          <form onSubmit={onCode} className="flex flex-wrap items-end gap-2" noValidate>
            <label className="flex flex-col gap-1">
              <span className="label">Short code</span>
              <input
                className="input font-mono text-2xl tracking-widest uppercase"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={12}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? 'short-code-error' : undefined}
              />
            </label>
            <button type="submit" className="btn-primary" disabled={redeem.isPending}>
              {redeem.isPending ? 'Checking…' : 'Check code'}
            </button>
            {codeError && (
              <p id="short-code-error" role="alert" className="w-full text-sm text-red-800">
                {codeError}
              </p>
            )}
          </form>
          <QrScanner onCode={onScan} paused={answer !== null || redeem.isPending} />
        </>
      )}
      {answer && <CounterAnswerScreen answer={answer} onDismiss={dismiss} onWalkIn={onWalkIn} />}
    </section>
  );
}

function CounterAnswerScreen({
  answer,
  onDismiss,
  onWalkIn,
}: {
  answer: CounterAnswer;
  onDismiss: () => void;
  onWalkIn: () => void;
}) {
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    next.current?.focus();
    const timer = setTimeout(onDismiss, answerShownMs);
    return () => clearTimeout(timer);
  }, [answer, onDismiss]);

  const serve = answer.kind === 'serve';
  const member = serve ? answer.redemption.member : answer.refusal.member;
  const avoid = member?.avoid ?? [];
  return (
    <div
      role="alert"
      aria-live="assertive"
      data-testid="counter-answer"
      className={`fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 p-6 text-center text-white ${serve ? 'bg-green-800' : 'bg-red-800'}`}
    >
      <p className="text-6xl font-black">{serve ? 'Serve' : 'Do not serve'}</p>
      {member && (
        <div className="flex items-center gap-3">
          <Avatar src={member.photoURL} name={member.name} className="size-20" />
          <div className="text-left">
            <p className="text-3xl font-bold">{member.name}</p>
            <p className="text-xl">{member.badge}</p>
            {member.photoSetByMember && (
              <p className="text-base font-semibold" data-testid="counter-photo-note">
                Photo set by the member, not checked by the hostel
              </p>
            )}
          </div>
        </div>
      )}
      {serve ? (
        <p className="text-2xl">
          {answer.redemption.meal.title}
          {answer.redemption.walkIn ? ' (walk-in)' : ''}
        </p>
      ) : (
        <>
          <p className="max-w-xl text-2xl font-semibold">{answer.refusal.message}</p>
          {answer.refusal.servedBy && <p className="text-xl">Served by {answer.refusal.servedBy}</p>}
        </>
      )}
      {avoid.length > 0 && (
        <p className="rounded-xl bg-white px-4 py-2 text-2xl font-bold text-red-800">
          <span aria-hidden="true">⚠️ </span>
          Avoids: {avoid.map((key) => allergenLabels[key]).join(', ')}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {!serve && answer.refusal.walkInAllowed && (
          <button
            type="button"
            className="rounded-xl bg-white px-6 py-3 text-xl font-bold text-red-800"
            onClick={onWalkIn}
          >
            Serve as walk-in
          </button>
        )}
        <button
          ref={next}
          type="button"
          className="rounded-xl border-2 border-white px-6 py-3 text-xl font-bold"
          onClick={onDismiss}
        >
          Next
        </button>
      </div>
    </div>
  );
}
