import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { mealSlotLabels, mealSlots } from '@hostelhub/contracts';
import { todayMenuQueryOptions } from '@/lib/menu-query';
import { formatServingWindow } from '@/lib/serving-format';

/** Today's servings by slot with their times, the closed note, or that nothing is planned. */
export function TodayAtTheHostel() {
  const menu = useQuery(todayMenuQueryOptions());
  const day = menu.data?.days[0];
  const timeZone = menu.data?.timeZone ?? '';

  let body;
  if (menu.isPending) {
    body = <div aria-hidden="true" className="h-12 animate-pulse rounded-lg bg-stone-100" />;
  } else if (menu.isError) {
    body = <p className="text-stone-600">Today&apos;s menu could not be loaded.</p>;
  } else if (day?.closed) {
    body = (
      <p className="text-stone-700">
        <span className="font-semibold">Kitchen closed:</span> {day.closed.note}
      </p>
    );
  } else if (!day || day.servings.length === 0) {
    body = <p className="text-stone-600">Nothing on the menu today</p>;
  } else {
    body = (
      <ul className="grid gap-2 sm:grid-cols-3">
        {mealSlots.map((slot) => {
          const servings = day.servings.filter((serving) => serving.slot === slot);
          if (servings.length === 0) return null;
          return (
            <li key={slot} className="rounded-lg border border-stone-200 bg-white px-3 py-2">
              <p className="text-sm font-semibold text-stone-600">
                {mealSlotLabels[slot]}{' '}
                <span className="font-normal">
                  {formatServingWindow(servings[0]!.startsAt, servings[0]!.endsAt, timeZone)}
                </span>
              </p>
              <p className="text-stone-900">{servings.map((serving) => serving.meal.title).join(', ')}</p>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="today-heading" className="mx-auto max-w-7xl px-4 pt-8 sm:px-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-heading" className="text-2xl font-bold text-stone-900">
          Today at the hostel
        </h2>
        <Link to={paths.menu} className="font-semibold text-orange-700 hover:underline">
          See the week&apos;s menu
        </Link>
      </div>
      {body}
    </section>
  );
}
