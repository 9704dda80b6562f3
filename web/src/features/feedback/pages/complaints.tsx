import { useState } from 'react';
import {
  complaintCategories,
  complaintCategoryLabels,
  complaintStatuses,
  complaintStatusLabels,
  isAdminOnlyCategory,
  mealSlotLabels,
  type Complaint,
  type ComplaintStatus,
} from '@hostelhub/contracts';
import { ChoiceOptions } from '@/components/choice-options';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/lib/auth';
import { useNow } from '@/hooks/use-now';
import { formatRelativeTime, formatWaitingTime } from '@/lib/format';
import { rowsOf } from '@/lib/paged-list';
import { formatDayShort } from '@/lib/serving-format';
import { useComplaints, type ComplaintFilters } from '../api/complaints';
import { useDueRatings } from '../api/ratings';
import { ComplaintActions } from '../components/complaint-actions';
import { ComplaintThread } from '../components/complaint-thread';
import { RaiseComplaintForm } from '../components/raise-complaint-form';

const statusStyles: Record<ComplaintStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  acknowledged: 'bg-sky-100 text-sky-900',
  resolved: 'bg-green-100 text-green-900',
  declined: 'bg-stone-200 text-stone-800',
};

function ComplaintCard({ complaint, forStaff, now }: { complaint: Complaint; forStaff: boolean; now: number }) {
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 font-medium ${statusStyles[complaint.status]}`}>
          {complaintStatusLabels[complaint.status]}
        </span>
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-800">
          {complaintCategoryLabels[complaint.category]}
        </span>
        {complaint.urgent ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">Urgent</span>
        ) : null}
        <span className="text-stone-600">
          {complaint.createdAt ? `Raised ${formatRelativeTime(complaint.createdAt, now)}` : ''}
          {complaint.firstAnsweredAt
            ? ''
            : complaint.status === 'open' || complaint.status === 'acknowledged'
              ? ` · ${formatWaitingTime(complaint.createdAt, now)}`
              : ''}
        </span>
      </div>
      {complaint.serving ? (
        <p className="mt-2 text-sm text-stone-600">
          {mealSlotLabels[complaint.serving.slot]} · {formatDayShort(complaint.serving.date)} ·{' '}
          {complaint.serving.mealTitle}
        </p>
      ) : null}
      {forStaff && complaint.author ? (
        <p className="mt-1 text-sm text-stone-600">
          {/* The API gives the author's email to admins only; kitchen staff see the name. */}
          From {complaint.author.name}
          {complaint.author.email ? ` (${complaint.author.email})` : ''}
        </p>
      ) : null}
      <p className="mt-2 break-words whitespace-pre-line text-stone-900">{complaint.text}</p>
      {complaint.reason ? (
        <p className="mt-2 text-sm text-stone-800">
          <span className="font-semibold">Kitchen’s answer:</span> {complaint.reason}
        </p>
      ) : null}
      <ComplaintThread complaint={complaint} />
      {forStaff ? <ComplaintActions complaint={complaint} /> : null}
    </li>
  );
}

/** The filters; kitchen staff are not offered the categories only admins read (the API refuses them). */
const filterSelectsFor = (
  isAdmin: boolean,
): {
  key: keyof ComplaintFilters;
  label: string;
  blank: string;
  values: readonly string[];
  labels: Readonly<Record<string, string>>;
}[] => [
  { key: 'status', label: 'Status', blank: 'Any status', values: complaintStatuses, labels: complaintStatusLabels },
  {
    key: 'category',
    label: 'Category',
    blank: 'Any category',
    values: isAdmin ? complaintCategories : complaintCategories.filter((category) => !isAdminOnlyCategory(category)),
    labels: complaintCategoryLabels,
  },
];

/**
 * Complaints: a member raises one and follows their own; staff and admins see everyone's,
 * unanswered first and the oldest first, with the time each has waited, filtered by status
 * and category.
 */
export function ComplaintsPage() {
  const { profile } = useSession();
  const forStaff = profile?.role === 'staff' || profile?.role === 'admin';
  const filterSelects = filterSelectsFor(profile?.role === 'admin');
  const [filters, setFilters] = useState<ComplaintFilters>({});
  const complaints = useComplaints(filters);
  const due = useDueRatings(!forStaff);
  const now = useNow(60_000);
  const rows = rowsOf(complaints.data);

  return (
    <section className="space-y-6">
      <PageTitle>{forStaff ? 'Complaints' : 'My complaints'}</PageTitle>
      {forStaff ? null : <RaiseComplaintForm servings={due.data?.items ?? []} />}
      <div className="flex flex-wrap gap-3" role="group" aria-label="Filter complaints">
        {filterSelects.map((select) => (
          <label key={select.key} className="text-sm text-stone-700">
            <span className="label">{select.label}</span>
            <select
              className="input"
              value={filters[select.key] ?? ''}
              onChange={(event) =>
                // The value is one of the select's own options, or '' for any.
                setFilters((previous) => ({ ...previous, [select.key]: event.target.value || undefined }))
              }
            >
              <ChoiceOptions blank={select.blank} values={select.values} labels={select.labels} />
            </select>
          </label>
        ))}
      </div>
      <ListStates
        query={complaints}
        isEmpty={rows.length === 0}
        emptyMessage={forStaff ? 'No complaints match.' : 'You have not raised any complaints.'}
      >
        <>
          <ul className="space-y-4" aria-label="Complaints">
            {rows.map((complaint) => (
              <ComplaintCard key={complaint._id} complaint={complaint} forStaff={forStaff} now={now} />
            ))}
          </ul>
          <LoadMore
            hasNextPage={complaints.hasNextPage}
            isFetchingNextPage={complaints.isFetchingNextPage}
            fetchNextPage={() => void complaints.fetchNextPage()}
          />
        </>
      </ListStates>
    </section>
  );
}
