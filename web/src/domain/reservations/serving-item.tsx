import { Link } from 'react-router';
import type { Serving } from '@hostelhub/contracts';
import { paths } from '@/lib/paths';
import { formatServingWindow, placesLeftLabel } from '@/lib/serving-format';
import { MealLabelBadges } from '@/components/meal-labels';
import type { Reservation } from './reservations';
import { ReserveButton } from './reserve-button';

type ServingItemProps = {
  serving: Serving;
  timeZone: string;
  reservation: Reservation | undefined;
  /** When the menu was read: the cutoff is judged against it (the API judges again). */
  now: number;
  /** A heading above the meal (the meal page names the day and slot instead of the meal). */
  label?: string;
  /** Its hall, named where the list shows several halls' servings (ADR 72). */
  hallName?: string | undefined;
};

/** One serving: its meal (linked), its window on the hostel's clock, places left, Reserve. */
export function ServingItem({ serving, timeZone, reservation, now, label, hallName }: ServingItemProps) {
  const places = placesLeftLabel(serving.capacity, serving.reserved);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-stone-200 bg-white px-3 py-2">
      <div className="min-w-0">
        {label ? (
          <p className="font-semibold text-stone-900">{label}</p>
        ) : (
          <Link
            to={paths.meal(serving.meal._id)}
            className="font-semibold break-words text-stone-900 hover:text-orange-700 hover:underline"
          >
            {serving.meal.title}
          </Link>
        )}
        <p className="text-sm text-stone-600">
          <time dateTime={serving.startsAt}>{formatServingWindow(serving.startsAt, serving.endsAt, timeZone)}</time>
          {hallName && ` · ${hallName}`}
          {places && (
            <>
              {' · '}
              <span className={places === 'Fully booked' ? 'font-semibold text-red-700' : ''}>{places}</span>
            </>
          )}
        </p>
        {!label && <MealLabelBadges labels={serving.meal} className="mt-1" />}
      </div>
      <ReserveButton serving={serving} reservation={reservation} now={now} />
    </li>
  );
}
