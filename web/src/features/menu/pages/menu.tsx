import { useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Hall } from '@hostelhub/contracts';
import { useDocumentTitle } from '@/lib/page-head';
import { paths } from '@/lib/paths';
import { addDays, mealSlotLabels, mealSlots, type MenuDay } from '@hostelhub/contracts';
import { ErrorState } from '@/components/error-state';
import { ServingItem } from '@/domain/reservations/serving-item';
import { OfflineNote } from '@/components/offline-note';
import { useMenu } from '@/lib/menu-query';
import { useMyReservations, type Reservation } from '@/domain/reservations/reservations';
import { HallOptions } from '@/domain/halls/hall-options';
import { homeHallFirst, useHalls } from '@/domain/halls/halls';
import { useSession } from '@/lib/auth';
import { formatDayLong, hostelToday, zoneNote } from '@/lib/serving-format';
import { menuFeedUrl } from '../lib/feed-links';
import { menuHallFrom, menuWeekStartFrom } from '../lib/week-start';

/** `?from=` when it is a real date; otherwise the week from today. */
function useWeekStart(): string | undefined {
  const [params] = useSearchParams();
  return menuWeekStartFrom(params);
}

/**
 * The hall picker (ADR 72), shown once the hostel has several halls: every hall's servings, or
 * one hall's, kept in the address as `?hall=` so a link and the server-rendered page show it.
 */
function HallPicker({ halls, hall }: { halls: Hall[]; hall: string | undefined }) {
  const [params, setParams] = useSearchParams();
  return (
    <label className="mt-4 flex flex-wrap items-center gap-2 text-sm font-semibold text-stone-700">
      Hall
      <select
        className="input w-auto min-w-48"
        value={hall ?? ''}
        onChange={(event) => {
          const next = new URLSearchParams(params);
          if (event.target.value) next.set('hall', event.target.value);
          else next.delete('hall');
          setParams(next);
        }}
      >
        <HallOptions blank="Every hall" halls={halls} />
      </select>
    </label>
  );
}

const subscribeToNothing = () => () => {};

/**
 * The zone note in the browser; none in the server's render, which knows no browser zone.
 * Always there, empty until the browser knows its zone: the note arriving after the page is
 * live moves nothing (on a phone it has its own line). A component of its own: the browser's
 * note differs from the server's, and React draws such a difference again at once, in one
 * task, from the component that reads it: here that is this paragraph, not the week.
 */
function ZoneNote({ timeZone }: { timeZone: string | undefined }) {
  const note = useSyncExternalStore(
    subscribeToNothing,
    () => (timeZone ? zoneNote(timeZone) : null),
    () => null,
  );
  return <p className="min-h-5 basis-full text-sm text-stone-600 sm:ml-auto sm:basis-auto">{note}</p>;
}

type DayProps = {
  day: MenuDay;
  today: string;
  timeZone: string;
  now: number;
  reservations: Map<string, Reservation>;
  /** The hall names to show beside each serving, first hall first; none with one hall in view. */
  hallOrder: Hall[] | null;
};

function MenuDaySection({ day, today, timeZone, now, reservations, hallOrder }: DayProps) {
  const rank = (hallId: string) => hallOrder?.findIndex((hall) => hall._id === hallId) ?? 0;
  const isToday = day.date === today;
  const headingId = `day-${day.date}`;
  return (
    // Drawn only near the screen (content-visibility: auto): a week is seven screens on a
    // phone, and each style change to the page (the whole stylesheet arriving after the page's
    // own rules) restyled every day in one task. The reserved height is a day's usual one, then
    // the height it last had, so the scrollbar barely moves as days are drawn.
    <section
      aria-labelledby={headingId}
      className={`card p-4 [contain-intrinsic-size:auto_64rem] [content-visibility:auto] md:[contain-intrinsic-size:auto_26rem] ${isToday ? 'border-orange-300 ring-2 ring-orange-200' : ''}`}
      data-testid={`menu-day-${day.date}`}
    >
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold text-stone-900">
        <time dateTime={day.date}>{formatDayLong(day.date)}</time>
        {isToday && <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">Today</span>}
      </h2>
      {day.closed ? (
        <p className="mt-2 rounded-lg bg-stone-100 px-3 py-2 text-stone-700">
          <span className="font-semibold">Kitchen closed:</span> {day.closed.note}
        </p>
      ) : day.servings.length === 0 ? (
        <p className="mt-2 text-stone-600">Nothing on the menu yet.</p>
      ) : (
        <div className="mt-3 grid gap-4 md:grid-cols-3">
          {mealSlots.map((slot) => {
            const servings = day.servings
              .filter((serving) => serving.slot === slot)
              .sort((a, b) => rank(a.hallId) - rank(b.hallId));
            if (servings.length === 0) return null;
            return (
              <div key={slot}>
                <h3 className="mb-2 text-sm font-semibold tracking-wide text-stone-600 uppercase">
                  {mealSlotLabels[slot]}
                </h3>
                <ul className="flex flex-col gap-2">
                  {servings.map((serving) => (
                    <ServingItem
                      key={serving._id}
                      serving={serving}
                      timeZone={timeZone}
                      now={now}
                      reservation={reservations.get(serving._id)}
                      hallName={hallOrder?.find((hall) => hall._id === serving.hallId)?.name}
                    />
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}

/**
 * The menu's feeds (ADR 77) of the halls in view: the one hall shown, or each hall when every
 * hall's servings are. With several, each link names its hall to a screen reader too.
 */
function MenuFeeds({ halls, named }: { halls: Hall[]; named: boolean }) {
  if (halls.length === 0) return null;
  // The visible words first, so a voice command naming them still finds the link (WCAG 2.5.3).
  const nameFor = (words: string, hall: Hall) => (named ? `${words} for ${hall.name}` : undefined);
  return (
    <section aria-labelledby="menu-feeds" className="mt-8 text-sm text-stone-700">
      <h2 id="menu-feeds" className="text-base font-semibold text-stone-900">
        The menu in your apps
      </h2>
      <p className="mt-1 text-stone-600">
        The next two weeks, kept up to date: copy a link into a calendar app to subscribe, or give it to an app that
        reads OpenMensa feeds.
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {halls.map((hall) => (
          <li key={hall._id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {named && <span className="font-semibold">{hall.name}:</span>}
            <a
              href={menuFeedUrl('menuCalendar', hall._id)}
              aria-label={nameFor('Add to calendar (iCal)', hall)}
              className="font-semibold text-orange-700 underline"
            >
              Add to calendar (iCal)
            </a>
            <a
              href={menuFeedUrl('openMensaFeed', hall._id)}
              aria-label={nameFor('OpenMensa feed', hall)}
              className="font-semibold text-orange-700 underline"
            >
              OpenMensa feed
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MenuSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <div key={index} className="card h-32 animate-pulse bg-stone-100" />
      ))}
    </div>
  );
}

/** The week's menu, today first: by day and slot, with each serving's times and places. */
export function MenuPage() {
  const from = useWeekStart();
  const [params] = useSearchParams();
  const { profile } = useSession();
  const halls = useHalls();
  const hallList = homeHallFirst(halls.data?.halls ?? [], profile?.homeHallId);
  const hall = menuHallFrom(params, halls.data?.halls);
  // A hall in the address waits for the list of halls, which says whether it is one.
  const menu = useMenu(from, undefined, hall, !params.get('hall') || !halls.isPending);
  const several = hallList.length > 1;
  const weekLink = (start: string | undefined) => {
    const query = new URLSearchParams({ ...(start ? { from: start } : {}), ...(hall ? { hall } : {}) });
    return query.size > 0 ? `${paths.menu}?${query}` : paths.menu;
  };
  const reservations = useMyReservations();
  const timeZone = menu.data?.timeZone;
  const first = menu.data?.days[0]?.date;
  const today = timeZone ? hostelToday(timeZone, menu.dataUpdatedAt || undefined) : '';
  const isEmpty = menu.data?.days.every((day) => !day.closed && day.servings.length === 0);

  useDocumentTitle('Menu');

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-stone-900">The menu</h1>
      <p className="mt-2 text-stone-600">
        What the kitchen serves this week. Members reserve a place before the cutoff.
      </p>
      <OfflineNote updatedAt={menu.dataUpdatedAt} />
      {reservations.byServing.size > 0 && (
        <p className="mt-2">
          <Link to={paths.dashboard.mealPass} className="font-semibold text-orange-700 underline">
            Show my meal pass
          </Link>{' '}
          <span className="text-stone-600">at the counter, from an hour before a serving you reserved.</span>
        </p>
      )}
      {several && <HallPicker halls={hallList} hall={hall} />}
      <nav aria-label="Weeks" className="mt-6 mb-4 flex flex-wrap items-center gap-2">
        {first && (
          <>
            <Link to={weekLink(addDays(first, -7))} className="btn-secondary btn-sm">
              <span aria-hidden="true">← </span>Previous week
            </Link>
            {from && (
              <Link to={weekLink(undefined)} className="btn-secondary btn-sm">
                This week
              </Link>
            )}
            <Link to={weekLink(addDays(first, 7))} className="btn-secondary btn-sm">
              Next week<span aria-hidden="true"> →</span>
            </Link>
          </>
        )}
        <ZoneNote timeZone={timeZone} />
      </nav>
      {menu.isPending ? (
        <MenuSkeleton />
      ) : menu.isError ? (
        <ErrorState title="The menu could not be loaded" error={menu.error} onRetry={() => menu.refetch()} />
      ) : (
        <>
          {isEmpty && (
            <p className="mb-4 rounded-lg bg-stone-100 px-3 py-2 text-stone-700">
              Nothing is planned for these days yet.
            </p>
          )}
          <div className="flex flex-col gap-4">
            {menu.data.days.map((day) => (
              <MenuDaySection
                key={day.date}
                day={day}
                today={today}
                timeZone={menu.data.timeZone}
                now={menu.dataUpdatedAt}
                reservations={reservations.byServing}
                hallOrder={several && !hall ? hallList : null}
              />
            ))}
          </div>
        </>
      )}
      <MenuFeeds halls={hall ? hallList.filter((each) => each._id === hall) : hallList} named={several && !hall} />
    </div>
  );
}
