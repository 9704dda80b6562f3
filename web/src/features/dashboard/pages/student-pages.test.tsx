import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderDashboard, sessionFor, studentProfile } from '../testing/render-dashboard';
import { answerDialog, dismissDialog, expectDialog } from '../testing/dialogs';
import { server, fakeNetwork } from '../testing/server';
import type { MyReview, PaymentRecord, RequestedMeal } from '@hostelhub/contracts';

fakeNetwork();

const member = sessionFor({
  ...studentProfile,
  badge: 'Gold',
  membership: {
    packageId: 'gold',
    packageName: 'Gold',
    status: 'active',
    currentPeriodEnd: '2099-01-15T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    subscriptionId: 'sub_1',
  },
});

const request = (id: string, title: string, status: RequestedMeal['status']): RequestedMeal => ({
  _id: id,
  mealId: `meal-${id}`,
  title,
  likes: 3,
  reviews_count: 2,
  status,
  userEmail: 'student@hostelhub.test',
  userName: 'Sam Student',
  requestedAt: '2026-11-20T10:00:00.000Z',
});

describe('My Profile', () => {
  it('shows name, email, badge and the membership package', async () => {
    renderDashboard('/dashboard/my-profile', member);
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('student@hostelhub.test')).toBeInTheDocument();
    expect(screen.getByText('Gold package')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Sam Student's profile picture" })).toHaveAttribute(
      'src',
      '/images/default-avatar.svg',
    );
  });
});

describe('Requested Meals', () => {
  it('lists the requests and says so when there are none', async () => {
    server.use(http.get('/api/requested-meals', () => HttpResponse.json({ items: [], nextCursor: null })));
    renderDashboard('/dashboard/requested-meal', member);
    expect(await screen.findByText('No requested meals found.')).toBeInTheDocument();
  });

  it('cancels a pending request after confirmation and shows the new status', async () => {
    const rows = [request('r1', 'Lentil Soup', 'pending'), request('r2', 'Pancakes', 'delivered')];
    let cancelled: string | null = null;
    server.use(
      http.get('/api/requested-meals', () => HttpResponse.json({ items: rows, nextCursor: null })),
      http.patch('/api/meal-request/:id/cancel', ({ params }) => {
        cancelled = params.id as string;
        rows[0] = { ...rows[0]!, status: 'cancelled' };
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/requested-meal', member);

    const soupRow = (await screen.findByRole('cell', { name: 'Lentil Soup' })).closest('tr')!;
    expect(within(soupRow).getByText('pending')).toBeInTheDocument();
    const pancakeRow = screen.getByRole('cell', { name: 'Pancakes' }).closest('tr')!;
    expect(within(pancakeRow).queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();

    await user.click(within(soupRow).getByRole('button', { name: 'Cancel the request for Lentil Soup' }));
    await answerDialog(user, /yes, cancel it/i);

    await waitFor(() => expect(within(soupRow).getByText('cancelled')).toBeInTheDocument());
    expect(cancelled).toBe('r1');
    expect(within(soupRow).queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
  });

  it('does nothing when the confirmation is dismissed', async () => {
    const cancel = vi.fn();
    server.use(
      http.get('/api/requested-meals', () =>
        HttpResponse.json({ items: [request('r1', 'Lentil Soup', 'pending')], nextCursor: null }),
      ),
      http.patch('/api/meal-request/:id/cancel', () => {
        cancel();
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/requested-meal', member);
    await user.click(await screen.findByRole('button', { name: 'Cancel the request for Lentil Soup' }));
    await answerDialog(user, 'Cancel');
    expect(cancel).not.toHaveBeenCalled();
  });

  it('pages through a long list with Load more', async () => {
    server.use(
      http.get('/api/requested-meals', ({ request: call }) => {
        const cursor = new URL(call.url).searchParams.get('cursor');
        return cursor === 'page-2'
          ? HttpResponse.json({ items: [request('r3', 'Third Meal', 'pending')], nextCursor: null })
          : HttpResponse.json({
              items: [request('r1', 'First Meal', 'pending'), request('r2', 'Second Meal', 'delivered')],
              nextCursor: 'page-2',
            });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/requested-meal', member);
    expect(await screen.findByText('Second Meal')).toBeInTheDocument();
    expect(screen.queryByText('Third Meal')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Third Meal')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('My Reviews', () => {
  const review = (overrides: Partial<MyReview> = {}): MyReview => ({
    _id: 'meal-1_uid',
    mealId: 'meal-1',
    mealTitle: 'Lentil Soup',
    like: 4,
    comment: 'Tasty and warm',
    rating: 4,
    timeStamp: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });

  it('says so when there are no reviews', async () => {
    server.use(http.get('/api/reviews', () => HttpResponse.json({ items: [], nextCursor: null })));
    renderDashboard('/dashboard/my-reviews', member);
    expect(await screen.findByText('No reviews found.')).toBeInTheDocument();
  });

  it('edits a review: the form starts from the stored rating and comment and saves both', async () => {
    let stored = review();
    let sent: unknown = null;
    server.use(
      http.get('/api/reviews', () => HttpResponse.json({ items: [stored], nextCursor: null })),
      http.patch('/api/review/:mealId', async ({ params, request: call }) => {
        expect(params.mealId).toBe('meal-1');
        sent = await call.json();
        stored = { ...stored, ...(sent as object) };
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-reviews', member);
    expect(await screen.findByRole('link', { name: 'View Meal' })).toHaveAttribute('href', '/meal/meal-1');
    await user.click(screen.getByRole('button', { name: 'Edit your review of Lentil Soup' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit your review of Lentil Soup' });
    expect(within(dialog).getByLabelText('4 stars')).toBeChecked();
    const comment = within(dialog).getByLabelText('Comment');
    expect(comment).toHaveValue('Tasty and warm');

    await user.clear(comment);
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(comment, 'Even better the second time');
    await user.click(within(dialog).getByLabelText('5 stars'));
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));

    await expectDialog('Review updated');
    await dismissDialog(user);
    expect(sent).toEqual({ comment: 'Even better the second time', rating: 5 });
    expect(await screen.findByText('Even better the second time')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /edit your review/i })).not.toBeInTheDocument();
  });

  it('deletes a review after confirmation', async () => {
    let reviews = [review(), review({ _id: 'meal-2_uid', mealId: 'meal-2', mealTitle: 'Pancakes' })];
    const deleted: string[] = [];
    server.use(
      http.get('/api/reviews', () => HttpResponse.json({ items: reviews, nextCursor: null })),
      http.delete('/api/review/:mealId', ({ params }) => {
        deleted.push(params.mealId as string);
        reviews = reviews.filter((item) => item.mealId !== params.mealId);
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-reviews', member);
    await user.click(await screen.findByRole('button', { name: 'Delete your review of Pancakes' }));
    await answerDialog(user, /yes, delete it/i);

    await waitFor(() => expect(screen.queryByText('Pancakes')).not.toBeInTheDocument());
    expect(deleted).toEqual(['meal-2']);
    expect(screen.getByText('Lentil Soup')).toBeInTheDocument();
  });
});

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
    };
    server.use(http.get('/api/payment-history', () => HttpResponse.json({ items: [payment], nextCursor: null })));
    renderDashboard('/dashboard/payment-history', member);
    const row = (await screen.findByRole('cell', { name: 'Gold' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Gold', 'pi_123', '$31.49', 'Paid', 'Nov 15, 2026']);
  });

  it('says so when there are no payments', async () => {
    server.use(http.get('/api/payment-history', () => HttpResponse.json({ items: [], nextCursor: null })));
    renderDashboard('/dashboard/payment-history', member);
    expect(await screen.findByText('No payment records found.')).toBeInTheDocument();
  });
});
