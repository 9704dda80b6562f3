// GET /feeds/{hall}/menu.ics (ADR 77): a hall's servings as events a calendar app subscribes
// to, written by the same iCalendar writer as a reservation's email (lib/ics.ts).
import { mealSlotLabels } from '@hostelhub/contracts';
import { hostelName } from '../../config.js';
import { currentTime } from '../../lib/clock.js';
import { calendarFeed, type CalendarEvent } from '../../lib/ics.js';
import { labelNotes, mealName, type HallMenu } from './menu-feed.js';

/** How often a subscriber fetches the menu again: the menu is planned days ahead. */
const refreshMinutes = 60;

/**
 * Each serving an event between its instants, in UTC (the planner stored them from the
 * hostel's wall clock, daylight saving included). A closed day is an all-day event that blocks
 * no time, so a subscriber sees why the day is empty; its servings, if any, are not shown, as
 * on the menu page.
 */
export function menuCalendar({ hall, menu }: HallMenu): string {
  const stampedAt = currentTime();
  const location = `${hall.name}, ${hostelName()}`;
  const events = menu.days.flatMap((day): CalendarEvent[] => {
    if (day.closed) {
      return [
        {
          uid: `closed-${day.date}-${hall._id}@hostelhub`,
          summary: day.closed.note ? `Kitchen closed: ${day.closed.note}` : 'Kitchen closed',
          description: `${hall.name} serves no meals on this day.`,
          location,
          day: day.date,
          stampedAt,
        },
      ];
    }
    return day.servings.map((serving) => ({
      uid: `serving-${serving._id}@hostelhub`,
      summary: `${mealSlotLabels[serving.slot]}: ${mealName(serving.meal)}`,
      description: labelNotes(serving.meal).join('\n'),
      location,
      startsAt: new Date(serving.startsAt),
      endsAt: new Date(serving.endsAt),
      stampedAt,
      // Each change of the serving raises its version, so a calendar takes the new times.
      sequence: serving.version - 1,
    }));
  });
  return calendarFeed({ name: `${hostelName()}: ${hall.name} menu`, refreshMinutes, events });
}
