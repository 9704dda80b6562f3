import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import { answerDialog } from '@/testing/dialogs';
import { adminProfile, adminSession, dashboardRenderer, memberSession } from '@/testing/render';
import { makeRequestedMeal } from '@/testing/requests';
import { server, onEndpoint } from '@/testing/server';
import { RequestedMealsPage } from './pages/requested-meals';

const renderDashboard = dashboardRenderer([{ path: '/dashboard/requested-meal', Component: RequestedMealsPage }]);

describe('Requested Meals', () => {
  it('lists the requests and says so when there are none', async () => {
    server.use(onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ items: [], nextCursor: null })));
    renderDashboard('/dashboard/requested-meal', memberSession());
    expect(await screen.findByText('No requested meals found.')).toBeInTheDocument();
  });

  it('cancels a pending request after confirmation and shows the new status', async () => {
    const rows = [makeRequestedMeal('r1', 'Lentil Soup', 'pending'), makeRequestedMeal('r2', 'Pancakes', 'delivered')];
    let cancelled: string | null = null;
    server.use(
      onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ items: rows, nextCursor: null })),
      onEndpoint(endpoints.cancelRequest, ({ params }) => {
        cancelled = params.id as string;
        rows[0] = { ...rows[0]!, status: 'cancelled' };
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/requested-meal', memberSession());

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

  it("shows an admin their own requests on this page, not everyone's", async () => {
    const own = { ...makeRequestedMeal('r1', 'Admin Lunch', 'pending'), userEmail: adminProfile.email };
    const others = makeRequestedMeal('r2', 'Someone Elses Soup', 'pending');
    // As the API answers an admin: everyone's requests without ?email=, theirs with it.
    server.use(
      onEndpoint(endpoints.requestedMeals, ({ request: call }) => {
        const email = new URL(call.url).searchParams.get('email');
        const items = email ? [own, others].filter((row) => row.userEmail === email) : [own, others];
        return HttpResponse.json({ items, nextCursor: null });
      }),
    );
    renderDashboard('/dashboard/requested-meal', adminSession());
    expect(await screen.findByText('Admin Lunch')).toBeInTheDocument();
    expect(screen.queryByText('Someone Elses Soup')).not.toBeInTheDocument();
  });

  it('does nothing when the confirmation is dismissed', async () => {
    const cancel = vi.fn();
    server.use(
      onEndpoint(endpoints.requestedMeals, () =>
        HttpResponse.json({ items: [makeRequestedMeal('r1', 'Lentil Soup', 'pending')], nextCursor: null }),
      ),
      onEndpoint(endpoints.cancelRequest, () => {
        cancel();
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/requested-meal', memberSession());
    await user.click(await screen.findByRole('button', { name: 'Cancel the request for Lentil Soup' }));
    await answerDialog(user, 'Cancel');
    expect(cancel).not.toHaveBeenCalled();
  });

  it('pages through a long list with Load more', async () => {
    server.use(
      onEndpoint(endpoints.requestedMeals, ({ request: call }) => {
        const cursor = new URL(call.url).searchParams.get('cursor');
        return cursor === 'page-2'
          ? HttpResponse.json({ items: [makeRequestedMeal('r3', 'Third Meal', 'pending')], nextCursor: null })
          : HttpResponse.json({
              items: [
                makeRequestedMeal('r1', 'First Meal', 'pending'),
                makeRequestedMeal('r2', 'Second Meal', 'delivered'),
              ],
              nextCursor: 'page-2',
            });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/requested-meal', memberSession());
    expect(await screen.findByText('Second Meal')).toBeInTheDocument();
    expect(screen.queryByText('Third Meal')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Third Meal')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
