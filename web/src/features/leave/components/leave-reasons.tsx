import type { Leave } from '@hostelhub/contracts';

/** The member's own words and the admin's reason for the decision, each as the text it is. */
export function LeaveReasons({ leave, decidedBy = 'Admin' }: { leave: Leave; decidedBy?: string }) {
  if (!leave.reason && !leave.decisionReason) return <span className="text-stone-500">None</span>;
  return (
    <span className="block max-w-72 space-y-1 break-words whitespace-pre-line">
      {leave.reason && <span className="block">{leave.reason}</span>}
      {leave.decisionReason && (
        <span className="block text-stone-700">
          <span className="font-semibold">{decidedBy}:</span> {leave.decisionReason}
        </span>
      )}
    </span>
  );
}
