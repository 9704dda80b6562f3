import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useHostelTimeZone } from '@/lib/menu-query';
import { formatServingFor } from '@/lib/serving-format';
import { upcomingReservations, useMyReservations } from './reservations';

/** "Your next meal: Lunch today, 12:00–14:00", or where to reserve one. */
export function NextMeal({ className = '' }: { className?: string }) {
  const reservations = useMyReservations();
  const next = upcomingReservations(reservations.reservations, reservations.dataUpdatedAt || undefined)[0];
  const timeZone = useHostelTimeZone(Boolean(next));
  if (reservations.isPending || reservations.isError) return null;
  if (!next) {
    return (
      <p className={`text-stone-700 ${className}`}>
        No meal reserved.{' '}
        <Link to={paths.menu} className="font-semibold text-orange-700 underline">
          See the menu
        </Link>
      </p>
    );
  }
  if (!timeZone) return null;
  return (
    <p className={`text-stone-800 ${className}`} data-testid="next-meal">
      <span className="font-semibold">Your next meal:</span> {formatServingFor(next.serving, timeZone)}
      <span className="text-stone-600"> ({next.title})</span>
    </p>
  );
}
