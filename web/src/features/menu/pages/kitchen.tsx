import { Link } from 'react-router';
import { useState } from 'react';
import { calendarDate, mealSlotLabels, mealSlots, portionsToPrepare, type KitchenServing } from '@hostelhub/contracts';
import { FormField } from '@/components/form-field';
import { ListStates } from '@/components/list-states';
import { LiveStatusNote } from '@/components/live-status-note';
import { PageTitle } from '@/components/page-title';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { reportActionError } from '@/lib/dialogs';
import { saveFile } from '@/lib/save-file';
import { paths } from '@/lib/paths';
import { formatDayLong, formatServingWindow } from '@/lib/serving-format';
import { HallOptions } from '@/domain/halls/hall-options';
import { useHalls } from '@/domain/halls/halls';
import { useKitchenDay, useLiveKitchenServings } from '@/domain/kitchen/kitchen-day';
import { useSession } from '@/lib/auth';
import { getProductionSheet } from '../api/kitchen';
import { UrgentComplaints } from '../components/urgent-complaints';

const defaultMargin = 10;

/** Per meal of each slot: the places counted and portions to prepare with the margin. */
function productionRows(servings: KitchenServing[], margin: number) {
  const rows: { key: string; slot: string; title: string; counted: number; portions: number }[] = [];
  for (const slot of mealSlots) {
    const byMeal = new Map<string, { title: string; counted: number }>();
    for (const serving of servings.filter((entry) => entry.slot === slot)) {
      const meal = byMeal.get(serving.meal._id) ?? { title: serving.meal.title, counted: 0 };
      meal.counted += serving.counted;
      byMeal.set(serving.meal._id, meal);
    }
    for (const [mealId, meal] of byMeal) {
      rows.push({
        key: `${slot}-${mealId}`,
        slot: mealSlotLabels[slot],
        title: meal.title,
        counted: meal.counted,
        portions: portionsToPrepare(meal.counted, margin),
      });
    }
  }
  return rows;
}

/**
 * The kitchen's day: each serving's reserved, served and places left, live; and the
 * production sheet (portions to prepare with a margin), printable on one A4 page and
 * downloadable as CSV.
 */
export function KitchenPage() {
  const [chosenDate, setChosenDate] = useState<string | undefined>(undefined);
  const [marginText, setMarginText] = useState(String(defaultMargin));
  // Several halls (ADR 72): one hall's day, or every hall the viewer works at ('').
  const { profile } = useSession();
  const worksAt = profile?.role === 'staff' ? (profile.hallIds ?? []) : [];
  const halls = (useHalls().data?.halls ?? []).filter((hall) => worksAt.length === 0 || worksAt.includes(hall._id));
  const [hall, setHall] = useState('');
  const day = useKitchenDay(chosenDate, hall || undefined);
  const { servings, status } = useLiveKitchenServings(day, hall ? [hall] : worksAt);
  const date = day.data?.date ?? chosenDate ?? '';
  const timeZone = day.data?.timeZone ?? 'UTC';
  const marginValue = Number(marginText);
  const marginValid = /^\d{1,3}$/.test(marginText) && marginValue <= 100;
  const margin = marginValid ? marginValue : defaultMargin;
  const sheet = productionRows(servings, margin);
  // Booked by default (ADR 74): the count is the hall's members less leave and skips.
  const byDefault = servings.some((serving) => serving.members !== null);
  const [downloading, setDownloading] = useState(false);

  const onDownload = async () => {
    setDownloading(true);
    try {
      saveFile(`production-sheet-${date}.csv`, await getProductionSheet(date, margin, hall || undefined), 'text/csv');
    } catch (error) {
      await reportActionError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section>
      <div className="print:hidden">
        <PageTitle actions={<LiveStatusNote status={status} />}>Kitchen</PageTitle>
        <UrgentComplaints />
        <div className="mb-4 flex flex-wrap items-end gap-4">
          <FormField label="Day">
            {(control) => (
              <input
                {...control}
                type="date"
                value={date}
                onChange={(event) => {
                  if (calendarDate.safeParse(event.target.value).success) setChosenDate(event.target.value);
                }}
                className="input"
              />
            )}
          </FormField>
          {halls.length > 1 && (
            <FormField label="Hall">
              {(control) => (
                <select {...control} value={hall} onChange={(event) => setHall(event.target.value)} className="input">
                  <HallOptions blank={worksAt.length > 0 ? 'My halls' : 'Every hall'} halls={halls} />
                </select>
              )}
            </FormField>
          )}
          <FormField label="Margin (%)" error={marginValid ? undefined : 'A whole number from 0 to 100'}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={marginText}
                onChange={(event) => setMarginText(event.target.value)}
                className="input max-w-28"
              />
            )}
          </FormField>
        </div>
      </div>
      <ListStates query={day} isEmpty={false} emptyMessage="">
        {day.data?.closed && (
          <p className="mb-4 rounded-lg bg-stone-100 px-3 py-2 text-stone-700 print:hidden">
            <span className="font-semibold">Kitchen closed:</span> {day.data.closed.note}
          </p>
        )}
        <div className="print:hidden">
          {servings.length === 0 ? (
            <p className="text-stone-600">Nothing is served on {date ? formatDayLong(date) : 'this day'}.</p>
          ) : (
            <TableFrame
              caption={`Servings on ${formatDayLong(date)}`}
              headers={[
                'Slot',
                'Meal',
                'Window',
                ...(byDefault ? ['Counted'] : []),
                'Reserved',
                'Served',
                'Places left',
                'Counter',
              ]}
            >
              {servings.map((serving) => (
                <TableRow key={serving._id}>
                  <td className={cellClass}>{mealSlotLabels[serving.slot]}</td>
                  <td className={`${cellClass} font-medium`}>{serving.meal.title}</td>
                  <td className={cellClass}>{formatServingWindow(serving.startsAt, serving.endsAt, timeZone)}</td>
                  {byDefault && (
                    <td className={cellClass} data-testid={`counted-${serving._id}`}>
                      <span className="font-semibold">{serving.counted}</span>
                      {serving.members !== null && (
                        <span className="block text-xs text-stone-600">
                          {serving.members} members, {serving.onLeave} on leave, {serving.skipped} skipped
                        </span>
                      )}
                    </td>
                  )}
                  <td className={cellClass} data-testid={`reserved-${serving._id}`}>
                    {serving.reserved}
                  </td>
                  <td className={cellClass}>{serving.served}</td>
                  <td className={cellClass}>
                    {serving.capacity === null ? 'No limit' : Math.max(0, serving.capacity - serving.reserved)}
                  </td>
                  <td className={cellClass}>
                    <Link
                      to={paths.dashboard.serveMealsOfServing(serving._id)}
                      aria-label={`Serve ${mealSlotLabels[serving.slot]}: ${serving.meal.title}`}
                      className="font-semibold text-orange-800 underline"
                    >
                      Serve
                    </Link>
                  </td>
                </TableRow>
              ))}
            </TableFrame>
          )}
        </div>
        <section aria-labelledby="sheet-heading" className="production-sheet mt-8">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="sheet-heading" className="text-lg font-semibold text-stone-900">
              Production sheet{date ? `: ${formatDayLong(date)}` : ''}
            </h2>
            <div className="flex gap-2 print:hidden">
              <button type="button" className="btn-secondary btn-sm" onClick={() => window.print()}>
                Print
              </button>
              <button type="button" className="btn-primary btn-sm" onClick={onDownload} disabled={!date || downloading}>
                Download CSV
              </button>
            </div>
          </div>
          <p className="mb-2 text-sm text-stone-600">
            Portions to prepare: {byDefault ? 'the members counted' : 'reservations'} plus {margin}%, rounded up.
          </p>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Portions to prepare per meal</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-1 pr-3">
                  Slot
                </th>
                <th scope="col" className="py-1 pr-3">
                  Meal
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {byDefault ? 'Counted' : 'Reserved'}
                </th>
                <th scope="col" className="py-1 text-right">
                  Portions to prepare
                </th>
              </tr>
            </thead>
            <tbody>
              {sheet.map((row) => (
                <tr key={row.key} className="border-b border-stone-200">
                  <td className="py-1 pr-3">{row.slot}</td>
                  <td className="py-1 pr-3">{row.title}</td>
                  <td className="py-1 pr-3 text-right">{row.counted}</td>
                  <td className="py-1 text-right font-semibold" data-testid={`portions-${row.key}`}>
                    {row.portions}
                  </td>
                </tr>
              ))}
              {sheet.length === 0 && (
                <tr>
                  <td colSpan={4} className="py-2 text-stone-600">
                    Nothing to prepare.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      </ListStates>
    </section>
  );
}
