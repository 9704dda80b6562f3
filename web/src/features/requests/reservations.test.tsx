import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, endpoints, type RequestedMeal } from '@hostelhub/contracts';
import { answerDialog } from '@/testing/dialogs';
import { catchDownloads, textOf } from '@/testing/downloads';
import { makeReservation, makeServing, today } from '@/testing/menu';
import { memberProfile, renderPage, sessionFor } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { RequestedMealsPage } from './pages/requested-meals';

const undated: RequestedMeal = {
  ...makeReservation(makeServing()),
  _id: 'undated',
  title: 'Pancakes',
  serving: null,
  requestedAt: new Date().toISOString(),
};

const renderRequestedMeals = () =>
  renderPage('/dashboard/requested-meal', RequestedMealsPage, sessionFor(memberProfile));

describe('Requested Meals with reservations', () => {
  it('says what each reservation is for, upcoming ones first, and — for an undated request', async () => {
    const later = makeServing({ _id: 'later', date: addDays(today(), 3), slot: 'dinner' });
    const sooner = makeServing({ _id: 'sooner', date: addDays(today(), 1), slot: 'lunch' });
    const rows = [
      undated,
      { ...makeReservation(later), title: 'Pho' },
      { ...makeReservation(sooner), title: 'Lentil Soup' },
    ];
    server.use(http.get('*/api/requested-meals', () => HttpResponse.json({ items: rows, nextCursor: null })));
    renderRequestedMeals();

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'For' })).toBeInTheDocument();
    await waitFor(() => {
      const titles = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
      expect(titles).toEqual(['Lentil Soup', 'Pho', 'Pancakes']);
    });
    const soupRow = within(table).getByRole('cell', { name: 'Lentil Soup' }).closest('tr')!;
    const soupFor = within(soupRow).getAllByRole('cell')[2]!;
    await waitFor(() => expect(soupFor.textContent).toMatch(/^Lunch · \w{3} \d{1,2} \w{3,4}, 12:00–14:00$/));
    const pancakeRow = within(table).getByRole('cell', { name: 'Pancakes' }).closest('tr')!;
    expect(within(pancakeRow).getAllByRole('cell')[2]).toHaveTextContent('—');
  });

  it('offers no Cancel once the cutoff has passed', async () => {
    const cooked = makeServing({ _id: 'cooked', cutoffAt: new Date(Date.now() - 60_000).toISOString() });
    server.use(
      http.get('*/api/requested-meals', () =>
        HttpResponse.json({ items: [{ ...makeReservation(cooked), title: 'Risotto' }, undated], nextCursor: null }),
      ),
    );
    renderRequestedMeals();
    const risottoRow = (await screen.findByRole('cell', { name: 'Risotto' })).closest('tr')!;
    expect(within(risottoRow).queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
    const pancakeRow = screen.getByRole('cell', { name: 'Pancakes' }).closest('tr')!;
    expect(within(pancakeRow).getByRole('button', { name: /cancel/i })).toBeInTheDocument();
  });

  it('downloads the upcoming reservations as an iCalendar file', async () => {
    const lunch = makeServing({ _id: 'lunch', date: addDays(today(), 1) });
    const past = makeServing({ _id: 'past', date: addDays(today(), -2) });
    server.use(
      http.get('*/api/requested-meals', () =>
        HttpResponse.json({
          items: [{ ...makeReservation(lunch), title: 'Lentil Soup, with bread' }, makeReservation(past), undated],
          nextCursor: null,
        }),
      ),
    );
    const files = catchDownloads();
    const user = userEvent.setup();
    renderRequestedMeals();
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));

    expect(files.map((file) => file.name)).toEqual(['hostelhub-meals.ics']);
    const text = await textOf(files[0]!.blob);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain('UID:reservation-request-lunch@hostelhub\r\n');
    expect(text).toContain('SUMMARY:Lunch: Lentil Soup\\, with bread\r\n');
    expect(text).toContain(`DTSTART:${lunch.startsAt.replace(/[-:]/g, '').replace('.000', '')}\r\n`);
    vi.restoreAllMocks();
  });

  it('gives a reserved place back by its serving, and an undated request by its id', async () => {
    const lunch = makeServing({ _id: 'lunch', date: addDays(today(), 1) });
    let rows: RequestedMeal[] = [{ ...makeReservation(lunch), title: 'Lentil Soup' }, undated];
    const cancelled: string[] = [];
    const cancel = (id: string) => {
      rows = rows.map((row) => (row._id === id ? { ...row, status: 'cancelled' as const } : row));
      cancelled.push(id);
    };
    server.use(
      onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ items: rows, nextCursor: null })),
      onEndpoint(endpoints.cancelReservation, ({ params }) => {
        cancel(rows.find((row) => row.serving?._id === params.id)!._id);
        return HttpResponse.json({ deletedCount: 1 });
      }),
      onEndpoint(endpoints.cancelRequest, ({ params }) => {
        cancel(String(params.id));
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderRequestedMeals();

    await user.click(await screen.findByRole('button', { name: 'Cancel the request for Lentil Soup' }));
    await answerDialog(user, /yes, cancel it/i);
    await waitFor(() => expect(cancelled).toEqual(['request-lunch']));
    await user.click(await screen.findByRole('button', { name: 'Cancel the request for Pancakes' }));
    await answerDialog(user, /yes, cancel it/i);
    await waitFor(() => expect(cancelled).toEqual(['request-lunch', 'undated']));
  });
});
