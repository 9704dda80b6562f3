import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import type { PaymentRecord } from '@hostelhub/contracts';
import type { Session } from '@/lib/auth';
import { memberProfile, renderRoutes, sessionFor } from '@/testing/render';
import { server, onEndpoint } from '@/testing/server';
import { textsOf } from '@/testing/queries';
import { PaymentHistoryPage } from './pages/payment-history';

// The feature's pages at their dashboard paths, as the app routes them.
const pages = [{ path: '/dashboard/payment-history', Component: PaymentHistoryPage }];
const renderDashboard = (path: string, session: Session) => renderRoutes({ routes: pages, path, session });

const member = sessionFor(memberProfile);

describe('Payment History', () => {
  it('lists payments as paid, with amount and date', async () => {
    const payment: PaymentRecord = {
      _id: 'pi_123',
      packageName: 'Gold',
      email: 'student@hostelhub.test',
      amount: 31.49,
      transactionId: 'pi_123',
      paymentMethod: ['card'],
      status: 'succeeded',
      paidAt: '2026-11-15T09:30:00.000Z',
      creditCents: 0,
    };
    server.use(onEndpoint(endpoints.paymentHistory, () => HttpResponse.json({ items: [payment], nextCursor: null })));
    renderDashboard('/dashboard/payment-history', member);
    const row = (await screen.findByRole('cell', { name: 'Gold' })).closest('tr')!;
    expect(textsOf(row, 'cell')).toEqual(['1', 'Gold', 'pi_123', '$31.49', 'Paid', 'Nov 15, 2026']);
  });

  it('lists one row per paid invoice beside an older one-off payment, and marks a refunded one', async () => {
    const row = (id: string, status: string, amount: number, paidAt: string): PaymentRecord => ({
      _id: id,
      packageName: 'Gold',
      email: 'student@hostelhub.test',
      amount,
      transactionId: id,
      paymentMethod: ['card'],
      status,
      paidAt,
      creditCents: 0,
    });
    server.use(
      onEndpoint(endpoints.paymentHistory, () =>
        HttpResponse.json({
          items: [
            row('in_renewal', 'refunded', 31.49, '2026-12-15T09:30:00.000Z'),
            row('in_first', 'succeeded', 15.23, '2026-11-28T09:30:00.000Z'),
            row('pi_demo', 'succeeded', 31.49, '2026-10-01T09:30:00.000Z'),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderDashboard('/dashboard/payment-history', member);
    await screen.findByText('in_renewal');
    const statuses = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) => within(tr).getAllByRole('cell')[4]?.textContent);
    expect(statuses).toEqual(['Refunded', 'Paid', 'Paid']);
  });

  it('says so when there are no payments', async () => {
    server.use(onEndpoint(endpoints.paymentHistory, () => HttpResponse.json({ items: [], nextCursor: null })));
    renderDashboard('/dashboard/payment-history', member);
    expect(await screen.findByText('No payment records found.')).toBeInTheDocument();
  });
});
