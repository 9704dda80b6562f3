import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { mealSlotLabels } from '@hostelhub/contracts';
import { ServingItem } from '@/domain/reservations/serving-item';
import { mealServingsQueryOptions, useHostelTimeZone } from '@/lib/menu-query';
import { useMyReservations } from '@/domain/reservations/reservations';
import { formatDayShort } from '@/lib/serving-format';
import { homeHallFirst, useHalls } from '@/domain/halls/halls';
import { useSession } from '@/lib/auth';

/**
 * The meal's next servings on the menu, each with its Reserve button; with several halls, each
 * names its hall, the member's own first among servings at the same time (ADR 72).
 */
export function MealServings({ mealId }: { mealId: string }) {
  const servings = useQuery(mealServingsQueryOptions(mealId));
  const { profile } = useSession();
  const halls = homeHallFirst(useHalls().data?.halls ?? [], profile?.homeHallId);
  const rank = (hallId: string) => halls.findIndex((hall) => hall._id === hallId);
  const items = [...(servings.data?.items ?? [])].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || rank(a.hallId) - rank(b.hallId),
  );
  // The answer has no zone of its own: the hostel's, from today's menu.
  const timeZone = useHostelTimeZone(items.length > 0);
  const reservations = useMyReservations(items.length > 0);
  if (servings.isPending || servings.isError) return null;

  return (
    <section aria-labelledby="servings-heading" className="mt-10">
      <h2 id="servings-heading" className="mb-3 text-2xl font-bold text-stone-900">
        On the menu
      </h2>
      {items.length === 0 ? (
        <p className="text-stone-600">
          Not on the menu in the coming days.{' '}
          <Link to={paths.menu} className="text-orange-700 underline">
            See the menu
          </Link>
        </p>
      ) : timeZone ? (
        <ul className="grid gap-2 md:grid-cols-2">
          {items.map((serving) => (
            <ServingItem
              key={serving._id}
              serving={serving}
              timeZone={timeZone}
              now={servings.dataUpdatedAt}
              reservation={reservations.byServing.get(serving._id)}
              label={`${mealSlotLabels[serving.slot]} · ${formatDayShort(serving.date)}`}
              hallName={halls.length > 1 ? halls[rank(serving.hallId)]?.name : undefined}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
