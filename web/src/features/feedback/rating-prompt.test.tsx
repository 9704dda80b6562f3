import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, hostelDate, type DueRating, type DueRatings } from '@hostelhub/contracts';
import { memberSession, renderPage } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { RatingNudge } from './components/rating-nudge';
import { RateMealsPage } from './pages/rate-meals';

const timeZone = 'Europe/London';
const today = () => hostelDate(new Date(), timeZone);

const due = (overrides: Partial<DueRating> = {}): DueRating => ({
  servingId: 'serving-lunch',
  date: today(),
  slot: 'lunch',
  meal: { _id: 'dal', title: 'Dal <b>Makhani</b>' },
  endsAt: new Date().toISOString(),
  rateUntil: new Date(Date.now() + 48 * 3_600_000).toISOString(),
  rating: null,
  ...overrides,
});

function answerDue(items: DueRating[]) {
  server.use(onEndpoint(endpoints.dueRatings, () => HttpResponse.json({ items, timeZone } satisfies DueRatings)));
}

/** The prompt as the dashboard shows it on a resident's visit (the layout places it above each page). */
const renderNudge = () => renderPage('/dashboard/my-profile', RatingNudge, memberSession());
const renderRateMeals = () => renderPage('/dashboard/rate-meals', RateMealsPage, memberSession());

describe('The rating prompt', () => {
  it('asks "How was lunch today?" on the next visit and sends the stars, comment and contact choice', async () => {
    answerDue([due()]);
    const sent: unknown[] = [];
    server.use(
      onEndpoint(endpoints.rateServing, async ({ request, params }) => {
        sent.push({ servingId: params.id, body: await request.json() });
        return HttpResponse.json({ stars: 4, comment: 'Warm', contactMe: true, edited: false });
      }),
    );
    const user = userEvent.setup();
    renderNudge();

    const prompt = await screen.findByRole('region', { name: 'How was lunch today?' });
    // The meal's title is shown as text, not markup.
    expect(within(prompt).getByText(/Dal <b>Makhani<\/b>/)).toBeInTheDocument();
    await user.click(within(prompt).getByRole('radio', { name: '4 stars' }));
    await user.type(within(prompt).getByLabelText('Comment (optional)'), 'Warm');
    await user.click(within(prompt).getByRole('checkbox', { name: /may contact me/ }));
    await user.click(within(prompt).getByRole('button', { name: 'Send rating' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you');
    expect(sent).toEqual([{ servingId: 'serving-lunch', body: { stars: 4, comment: 'Warm', contactMe: true } }]);
  });

  it('needs stars before sending, said beside the stars, and sends nothing', async () => {
    answerDue([due()]);
    let calls = 0;
    server.use(
      onEndpoint(endpoints.rateServing, () => {
        calls += 1;
        return HttpResponse.json({ stars: 1, comment: null, contactMe: false, edited: false });
      }),
    );
    const user = userEvent.setup();
    renderNudge();
    const prompt = await screen.findByRole('region', { name: 'How was lunch today?' });
    await user.click(within(prompt).getByRole('button', { name: 'Send rating' }));
    expect(await within(prompt).findByText('Choose from 1 to 5 stars')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('asks once: "Not now" puts it away for good, and a serving already rated is not asked about', async () => {
    answerDue([
      due(),
      due({ servingId: 'serving-breakfast', slot: 'breakfast', rating: { stars: 5, comment: null, contactMe: false } }),
    ]);
    const user = userEvent.setup();
    const first = renderNudge();
    const prompt = await screen.findByRole('region', { name: 'How was lunch today?' });
    await user.click(within(prompt).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: /How was/ })).not.toBeInTheDocument();
    first.unmount();

    const second = renderNudge();
    // The answer arrives, and still nothing is asked.
    await waitFor(() => expect(second.queryClient.getQueryState(['feedback', 'due-ratings'])?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: /How was/ })).not.toBeInTheDocument();
  });

  it('on Rate Meals lists every serving still open to rating, a rated one to update', async () => {
    answerDue([
      due(),
      due({
        servingId: 'serving-old',
        date: '2026-11-20',
        slot: 'dinner',
        rating: { stars: 2, comment: 'Cold', contactMe: false },
      }),
    ]);
    renderRateMeals();
    expect(await screen.findByRole('region', { name: 'How was lunch today?' })).toBeInTheDocument();
    const older = screen.getByRole('region', { name: 'How was dinner on Fri 20 Nov?' });
    expect(within(older).getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(within(older).getByLabelText('Comment (optional)')).toHaveValue('Cold');
    expect(within(older).getByRole('button', { name: 'Update rating' })).toBeInTheDocument();
  });

  it('says when there is nothing to rate', async () => {
    answerDue([]);
    renderRateMeals();
    expect(await screen.findByText(/Nothing to rate right now/)).toBeInTheDocument();
  });
});
