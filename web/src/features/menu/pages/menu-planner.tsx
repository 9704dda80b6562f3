import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays, mondayOf } from '@hostelhub/contracts';
import { ListStates } from '@/components/list-states';
import { PageTitle } from '@/components/page-title';
import { confirmThenRun, showSuccess } from '@/lib/dialogs';
import { menuQueryOptions, useHostelTimeZone } from '@/lib/menu-query';
import { formatDayLong, formatDayShort, hostelToday } from '@/lib/serving-format';
import { useCopyWeek } from '../api/planner';
import { AddServingDialog } from '../components/add-serving-dialog';
import { CloseDayDialog } from '../components/close-day-dialog';
import { EditServingDialog } from '../components/edit-serving-dialog';
import { PlannerDay } from '../components/planner-day';
import type { Editing } from '../lib/planner';

/**
 * The admin's week: 7 days by 3 slots from a wide screen up, a day-by-day list below it.
 * Every change goes through the API; the week is read again after each, so two admins
 * planning at once see each other's servings.
 */
export function MenuPlannerPage() {
  const timeZone = useHostelTimeZone();
  const today = timeZone ? hostelToday(timeZone) : undefined;
  const [chosenWeek, setChosenWeek] = useState<string | null>(null);
  const monday = chosenWeek ?? (today ? mondayOf(today) : undefined);
  const week = useQuery({ ...menuQueryOptions(monday ?? '', 7), enabled: Boolean(monday) });
  const copy = useCopyWeek();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  const onCopy = async () => {
    if (!monday) return;
    const previous = addDays(monday, -7);
    const copied = await confirmThenRun(
      [
        'Copy last week into this one?',
        `The servings of the week of ${formatDayShort(previous)} are added to the week of ${formatDayShort(monday)}.`,
        'Copy',
      ],
      () => copy.mutateAsync({ fromWeek: previous, toWeek: monday }),
    );
    if (!copied) return;
    void showSuccess(
      `Copied ${copied.inserted} ${copied.inserted === 1 ? 'serving' : 'servings'}`,
      copied.skipped > 0 ? `${copied.skipped} already on this week's menu` : undefined,
    );
  };

  return (
    <section>
      <PageTitle>Menu Planner</PageTitle>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-secondary btn-sm"
          disabled={!monday}
          onClick={() => monday && setChosenWeek(addDays(monday, -7))}
        >
          <span aria-hidden="true">← </span>Previous week
        </button>
        <button
          type="button"
          className="btn-secondary btn-sm"
          disabled={!monday}
          onClick={() => monday && setChosenWeek(addDays(monday, 7))}
        >
          Next week<span aria-hidden="true"> →</span>
        </button>
        <button type="button" className="btn-primary btn-sm" disabled={!monday || copy.isPending} onClick={onCopy}>
          Copy previous week
        </button>
        {monday && <p className="text-sm text-stone-600">Week of {formatDayLong(monday)}</p>}
      </div>
      <ListStates query={{ ...week, isPending: !timeZone || week.isPending }} isEmpty={false} emptyMessage="">
        <div className="grid gap-3 xl:grid-cols-7">
          {week.data?.days.map((day) => (
            <PlannerDay
              key={day.date}
              day={day}
              timeZone={week.data.timeZone}
              isToday={day.date === today}
              onEdit={setEditing}
            />
          ))}
        </div>
      </ListStates>
      {editing?.kind === 'add' && <AddServingDialog date={editing.date} slot={editing.slot} onClose={close} />}
      {editing?.kind === 'edit' && timeZone && (
        <EditServingDialog serving={editing.serving} timeZone={timeZone} onClose={close} />
      )}
      {editing?.kind === 'close' && <CloseDayDialog date={editing.date} onClose={close} />}
    </section>
  );
}
