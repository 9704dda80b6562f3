import { useState } from 'react';
import { hostelDate, type Hall, type InsightsQuery } from '@hostelhub/contracts';
import { isSessionEndingError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { getMembersCsv, getPaymentsCsv } from '../api/insights';
import { formatMonth } from '../format';

type ExportName = 'payments' | 'members';

/** The files' names as the API gives them (its Content-Disposition, which a Blob link cannot read). */
const hallSuffix = (hall: Hall | undefined) => (hall ? `-${hall._id}` : '');
/** The members' file is named for the day it was taken (the hostel's today), and its hall. */
const membersFileName = (hall: Hall | undefined) => `members-${hostelDate(Date.now())}${hallSuffix(hall)}.csv`;

/** The two downloads, payments first: the accounts' main file. */
const exportButtons: { kind: ExportName; className: string }[] = [
  { kind: 'payments', className: 'btn-primary btn-sm' },
  { kind: 'members', className: 'btn-secondary btn-sm' },
];

/**
 * The accounts' CSV files: the range's payments and every member, read with the API token
 * (so not a plain link) and saved from memory; of the one hall the page shows, if any (ADR
 * 72). A failure is said beside the buttons.
 */
export function Exports({ range, hall }: { range: InsightsQuery; hall: Hall | undefined }) {
  const [running, setRunning] = useState<ExportName | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const span =
    range.from === range.to ? formatMonth(range.from) : `${formatMonth(range.from)} to ${formatMonth(range.to)}`;

  const download = async (name: ExportName) => {
    setRunning(name);
    setFailure(null);
    try {
      if (name === 'payments') {
        const span = range.from === range.to ? range.from : `${range.from}-to-${range.to}`;
        saveFile(`payments-${span}${hallSuffix(hall)}.csv`, await getPaymentsCsv(range, hall?._id), 'text/csv');
      } else {
        saveFile(membersFileName(hall), await getMembersCsv(hall?._id), 'text/csv');
      }
    } catch (error) {
      // A session that ended has said so in its own dialog.
      if (!isSessionEndingError(error)) {
        const reason = error instanceof Error ? error.message : 'Please try again.';
        setFailure(`The ${name} CSV could not be downloaded: ${reason}`);
      }
    } finally {
      setRunning(null);
    }
  };

  return (
    <section
      aria-labelledby="exports-heading"
      className="mb-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id="exports-heading" className="text-lg font-semibold text-stone-900">
        Exports for the accounts
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        {hall
          ? `Payments of ${span} by ${hall.name}’s members, and its members with their tier and renewal.`
          : `Payments of ${span}, and every member with their tier and renewal.`}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {exportButtons.map(({ kind, className }) => (
          <button
            key={kind}
            type="button"
            className={className}
            disabled={running !== null}
            onClick={() => void download(kind)}
          >
            {running === kind ? `Preparing ${kind} CSV…` : `Download ${kind} CSV`}
          </button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
    </section>
  );
}
