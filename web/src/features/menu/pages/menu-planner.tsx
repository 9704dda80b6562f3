import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays, mondayOf, type CopyWeekBody, type Hall } from '@hostelhub/contracts';
import { HallOptions } from '@/domain/halls/hall-options';
import { useHalls } from '@/domain/halls/halls';
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
 * The planner's hall (ADR 72), once the hostel has several: the week shown and added to is that
 * hall's, and another hall's week can be copied into it.
 */
function HallControls({
  halls,
  hall,
  onHall,
  onCopyFrom,
  busy,
}: {
  halls: Hall[];
  hall: string;
  onHall: (hall: string) => void;
  onCopyFrom: (hall: Hall) => void;
  busy: boolean;
}) {
  const others = halls.filter((each) => each._id !== hall);
  const [source, setSource] = useState('');
  const from = others.find((each) => each._id === source) ?? others[0];
  return (
    <div className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-2">
      <label className="flex flex-col gap-1 text-sm font-semibold text-stone-700">
        Hall
        <select className="input w-auto min-w-44" value={hall} onChange={(event) => onHall(event.target.value)}>
          <HallOptions halls={halls} />
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold text-stone-700">
        Copy this week from
        <select
          className="input w-auto min-w-44"
          value={from?._id ?? ''}
          onChange={(event) => setSource(event.target.value)}
        >
          <HallOptions halls={others} />
        </select>
      </label>
      <button
        type="button"
        className="btn-secondary btn-sm"
        disabled={!from || busy}
        onClick={() => from && onCopyFrom(from)}
      >
        Copy from that hall
      </button>
    </div>
  );
}

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
  const halls = useHalls().data?.halls ?? [];
  const [chosenHall, setChosenHall] = useState<string | null>(null);
  // One hall's week once there are several; with one, the week as it always was.
  const hall = halls.length > 1 ? (halls.find((each) => each._id === chosenHall) ?? halls[0]) : undefined;
  const week = useQuery({ ...menuQueryOptions(monday ?? '', 7, hall?._id), enabled: Boolean(monday) });
  const copy = useCopyWeek();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  const runCopy = async (question: [string, string, string], body: CopyWeekBody) => {
    const copied = await confirmThenRun(question, () => copy.mutateAsync(body));
    if (!copied) return;
    void showSuccess(
      `Copied ${copied.inserted} ${copied.inserted === 1 ? 'serving' : 'servings'}`,
      copied.skipped > 0 ? `${copied.skipped} skipped: already planned, or a day or meal time closed there` : undefined,
    );
  };
  const onCopy = async () => {
    if (!monday) return;
    const previous = addDays(monday, -7);
    const of = hall ? ` of ${hall.name}` : '';
    await runCopy(
      [
        'Copy last week into this one?',
        `The servings${of} of the week of ${formatDayShort(previous)} are added to the week of ${formatDayShort(monday)}.`,
        'Copy',
      ],
      { fromWeek: previous, toWeek: monday, ...(hall ? { fromHall: hall._id } : {}) },
    );
  };
  const onCopyFrom = async (source: Hall) => {
    if (!monday || !hall) return;
    await runCopy(
      [
        `Copy ${source.name}'s week into ${hall.name}?`,
        `The servings of ${source.name} in the week of ${formatDayShort(monday)} are added to ${hall.name}'s.`,
        'Copy',
      ],
      { fromWeek: monday, toWeek: monday, fromHall: source._id, toHall: hall._id },
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
      {hall && (
        <HallControls
          halls={halls}
          hall={hall._id}
          onHall={setChosenHall}
          onCopyFrom={onCopyFrom}
          busy={copy.isPending}
        />
      )}
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
      {editing?.kind === 'add' && (
        <AddServingDialog date={editing.date} slot={editing.slot} hall={hall?._id} onClose={close} />
      )}
      {editing?.kind === 'edit' && timeZone && (
        <EditServingDialog serving={editing.serving} timeZone={timeZone} onClose={close} />
      )}
      {editing?.kind === 'close' && <CloseDayDialog date={editing.date} onClose={close} />}
    </section>
  );
}
