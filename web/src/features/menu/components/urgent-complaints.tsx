import { Link } from 'react-router';
import { complaintCategoryLabels, mealSlotLabels } from '@hostelhub/contracts';
import { useNow } from '@/hooks/use-now';
import { formatWaitingTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useUrgentComplaints } from '../api/urgent-complaints';

/** Urgent complaints still open, above the kitchen's day, until staff acknowledge them. */
export function UrgentComplaints() {
  const urgent = useUrgentComplaints();
  const now = useNow(60_000);
  const complaints = urgent.data?.complaints ?? [];
  if (complaints.length === 0) return null;
  return (
    <section
      aria-labelledby="urgent-complaints"
      className="mb-6 rounded-lg border-2 border-red-300 bg-red-50 p-4 print:hidden"
    >
      <h2 id="urgent-complaints" className="text-lg font-semibold text-red-900">
        Urgent complaints to acknowledge ({complaints.length})
      </h2>
      <ul className="mt-2 space-y-2">
        {complaints.map((complaint) => (
          <li key={complaint._id} className="text-sm text-red-950">
            <span className="font-semibold">{complaintCategoryLabels[complaint.category]}</span>
            {complaint.serving
              ? ` · ${mealSlotLabels[complaint.serving.slot]}, ${complaint.serving.mealTitle}`
              : ''} · {formatWaitingTime(complaint.createdAt, now)}
            <p className="break-words whitespace-pre-line">{complaint.text}</p>
          </li>
        ))}
      </ul>
      <Link to={paths.dashboard.complaints} className="mt-2 inline-block font-semibold text-red-900 underline">
        Open the complaints
      </Link>
    </section>
  );
}
