import type { Serving } from '@hostelhub/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { confirmThenRun, reportActionError, showSuccess } from '@/lib/dialogs';
import { confirmDespiteWarnings, dietWarnings } from '@/lib/diet-warnings';
import { formatDayShort } from '@/lib/serving-format';
import { mealSlotLabels, reservationOutcomeUnknownMessage } from '@hostelhub/contracts';
import { useDefaultBooking } from './booking';
import { useCancelReservation, useReserve, type Reservation } from './reservations';

type ReserveButtonProps = {
  serving: Serving;
  /** The member's reservation of this serving, if they hold one. */
  reservation: Reservation | undefined;
  /** The instant the page was drawn: the cutoff is checked again by the API on every press. */
  now: number;
};

/**
 * Reserve a place at a serving, for a signed-in member: "Reserved · Cancel" once they hold
 * one, "Reservations closed" after the cutoff, "Fully booked" when no place is left.
 * Nothing for a visitor (the menu is theirs to read).
 */
export function ReserveButton(props: ReserveButtonProps) {
  const { user } = useSession();
  // A visitor's menu holds no reservation hooks: on /menu they were two mutations and two
  // queries for each of forty servings, all subscribed in one task as the page was taken over.
  if (!user) return null;
  return <MemberReserveButton {...props} />;
}

function MemberReserveButton({ serving, reservation, now }: ReserveButtonProps) {
  const { profile } = useSession();
  const reserve = useReserve();
  const cancel = useCancelReservation();
  const booking = useDefaultBooking();

  const what = `${mealSlotLabels[serving.slot]} on ${formatDayShort(serving.date)}: ${serving.meal.title}`;
  const closed = new Date(serving.cutoffAt).getTime() <= now;
  const full = serving.capacity !== null && serving.reserved >= serving.capacity;

  // Booked by default at their own hall (ADR 74): counted already, a cancel is a skip.
  if (!reservation && booking.countedFor(serving)) {
    const skipped = booking.skipped(serving._id);
    const onSkip = () =>
      confirmThenRun(['Skip this meal?', `The kitchen will not cook for you at ${what}.`, 'Yes, skip it'], () =>
        cancel.mutateAsync(serving._id),
      );
    const onEat = async () => {
      try {
        await reserve.mutateAsync(serving._id);
        void showSuccess('Counted again', what, 1500);
      } catch (error) {
        await reportActionError(error);
      }
    };
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-green-800">
        <span>
          {skipped ? (
            'Skipped'
          ) : (
            <>
              <span aria-hidden="true">✓ </span>Counted
            </>
          )}
        </span>
        {!closed && (
          <>
            <span aria-hidden="true">·</span>
            <button
              type="button"
              onClick={skipped ? onEat : onSkip}
              disabled={cancel.isPending || reserve.isPending}
              aria-label={skipped ? `Eat after all: ${what}` : `Skip ${what}`}
              className="font-semibold text-orange-700 underline hover:text-orange-800 disabled:opacity-60"
            >
              {skipped ? 'Eat after all' : 'Skip'}
            </button>
          </>
        )}
      </p>
    );
  }

  if (reservation) {
    const onCancel = async () => {
      await confirmThenRun(['Cancel this reservation?', `Your place at ${what} goes back.`, 'Yes, cancel it'], () =>
        cancel.mutateAsync(serving._id),
      );
    };
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-green-800">
        <span>
          <span aria-hidden="true">✓ </span>Reserved
        </span>
        {/* A place already served (today's lunch eaten) is kept, and has nothing to give back. */}
        {!closed && reservation.status === 'pending' && (
          <>
            <span aria-hidden="true">·</span>
            <button
              type="button"
              onClick={onCancel}
              disabled={cancel.isPending}
              aria-label={`Cancel your reservation for ${what}`}
              className="font-semibold text-orange-700 underline hover:text-orange-800 disabled:opacity-60"
            >
              Cancel
            </button>
          </>
        )}
      </p>
    );
  }

  const onReserve = async () => {
    if (!(await confirmDespiteWarnings(dietWarnings(serving.meal, profile?.diet)))) return;
    try {
      await reserve.mutateAsync(serving._id);
      void showSuccess('Place reserved', what, 1500);
    } catch (error) {
      // The API's message says why (full, reservations closed at ..., no membership).
      if (error instanceof ApiRequestError && error.status === 402) {
        await reportActionError(new Error('Reservations need a membership: choose a plan on the home page.'));
        return;
      }
      // Still no answer after the repeats (useReserve): it may have gone through, so never
      // say it failed; the menu shows Reserved once the lists refresh if it did.
      if (error instanceof ApiRequestError && (error.status === 0 || error.status >= 500)) {
        await reportActionError(new Error(reservationOutcomeUnknownMessage));
        return;
      }
      await reportActionError(error);
    }
  };
  const label = closed ? 'Reservations closed' : full ? 'Fully booked' : 'Reserve';
  return (
    <button
      type="button"
      onClick={onReserve}
      disabled={closed || full || reserve.isPending}
      // The name starts with what the button shows (WCAG 2.5.3, label in name).
      aria-label={`${label}: ${what}`}
      className="btn-primary btn-sm"
    >
      {label}
    </button>
  );
}
