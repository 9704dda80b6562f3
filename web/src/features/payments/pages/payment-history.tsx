import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import { formatCents, formatDate, formatPrice } from '@/lib/format';
import { rowsOf } from '@/lib/paged-list';
import { usePaymentHistory } from '../api/get-payment-history';

export function PaymentHistoryPage() {
  const payments = usePaymentHistory();
  const rows = rowsOf(payments.data);
  return (
    <section>
      <PageTitle>Payment History</PageTitle>
      <ListStates query={payments} isEmpty={rows.length === 0} emptyMessage="No payment records found.">
        <>
          <TableFrame caption="Your payments" headers={['#', 'Package', 'Transaction ID', 'Amount', 'Status', 'Date']}>
            {rows.map((payment, index) => (
              <TableRow key={payment._id}>
                <td className={cellClass}>{index + 1}</td>
                <td className={`${cellClass} font-medium`}>{payment.packageName}</td>
                <td className={`${cellClass} font-mono text-xs whitespace-nowrap`}>{payment.transactionId}</td>
                <td className={cellClass}>
                  {formatPrice(payment.amount)}
                  {/* Leave credit the invoice took off before it was paid (ADR 74). */}
                  {payment.creditCents > 0 && (
                    <span className="block text-xs whitespace-nowrap text-green-800">
                      {`Leave credit \u2212${formatCents(payment.creditCents)}`}
                    </span>
                  )}
                </td>
                <td className={cellClass}>
                  <PaymentStatus status={payment.status} />
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{payment.paidAt && formatDate(payment.paidAt)}</td>
              </TableRow>
            ))}
          </TableFrame>
          <LoadMore {...payments} />
        </>
      </ListStates>
    </section>
  );
}

/** Only paid invoices are recorded: Paid, unless the money was taken back since. */
function PaymentStatus({ status }: { status: string }) {
  const takenBack = status === 'refunded' ? 'Refunded' : status === 'disputed' ? 'Disputed' : null;
  return takenBack ? (
    <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">{takenBack}</span>
  ) : (
    <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">Paid</span>
  );
}
