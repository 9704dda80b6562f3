import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { endpoints, type PaymentRecord } from '@hostelhub/contracts';
import { memberSession, renderPage } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { textsOf } from '@/testing/queries';
import { PaymentHistoryPage } from './pages/payment-history';

const invoice = (id: string, creditCents: number): PaymentRecord => ({
  _id: id,
  packageName: 'Gold',
  email: 'student@hostelhub.test',
  amount: 26.69,
  transactionId: id,
  paymentMethod: ['card'],
  status: 'succeeded',
  paidAt: '2026-12-15T09:30:00.000Z',
  creditCents,
});

// An invoice that took leave credit off (ADR 74) says how much, beside what was paid.
describe('Payment History: leave credit', () => {
  it('shows the leave credit an invoice took off, and nothing for one that took none', async () => {
    server.use(
      onEndpoint(endpoints.paymentHistory, () =>
        HttpResponse.json({ items: [invoice('in_credited', 480), invoice('in_plain', 0)], nextCursor: null }),
      ),
    );
    renderPage('/dashboard/payment-history', PaymentHistoryPage, memberSession());
    const credited = (await screen.findByRole('cell', { name: 'in_credited' })).closest('tr')!;
    expect(textsOf(credited, 'cell')[3]).toBe('$26.69Leave credit \u2212$4.80');
    const plain = screen.getByRole('cell', { name: 'in_plain' }).closest('tr')!;
    expect(textsOf(plain, 'cell')[3]).toBe('$26.69');
  });
});
