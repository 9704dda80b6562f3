import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import type { MyReview } from '@hostelhub/contracts';
import { answerDialog, dismissDialog, expectDialog } from '@/testing/dialogs';
import { dashboardRenderer, memberSession } from '@/testing/render';
import { server, onEndpoint } from '@/testing/server';
import { MyReviewsPage } from './pages/my-reviews';

const renderDashboard = dashboardRenderer([{ path: '/dashboard/my-reviews', Component: MyReviewsPage }]);

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
    server.use(onEndpoint(endpoints.myReviews, () => HttpResponse.json({ items: [], nextCursor: null })));
    renderDashboard('/dashboard/my-reviews', memberSession());
    expect(await screen.findByText('No reviews found.')).toBeInTheDocument();
  });

  it('edits a review: the form starts from the stored rating and comment and saves both', async () => {
    let stored = review();
    let sent: unknown = null;
    server.use(
      onEndpoint(endpoints.myReviews, () => HttpResponse.json({ items: [stored], nextCursor: null })),
      onEndpoint(endpoints.editReview, async ({ params, request: call }) => {
        expect(params.mealId).toBe('meal-1');
        sent = await call.json();
        stored = { ...stored, ...(sent as object) };
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-reviews', memberSession());
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
      onEndpoint(endpoints.myReviews, () => HttpResponse.json({ items: reviews, nextCursor: null })),
      onEndpoint(endpoints.deleteReview, ({ params }) => {
        deleted.push(params.mealId as string);
        reviews = reviews.filter((item) => item.mealId !== params.mealId);
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-reviews', memberSession());
    await user.click(await screen.findByRole('button', { name: 'Delete your review of Pancakes' }));
    await answerDialog(user, /yes, delete it/i);

    await waitFor(() => expect(screen.queryByText('Pancakes')).not.toBeInTheDocument());
    expect(deleted).toEqual(['meal-2']);
    expect(screen.getByText('Lentil Soup')).toBeInTheDocument();
  });
});
