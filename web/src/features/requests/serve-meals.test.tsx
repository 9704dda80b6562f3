import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import type { RequestedMeal } from '@hostelhub/contracts';
import { dismissDialog, expectDialog } from '@/testing/dialogs';
import { adminProfile, adminSession, dashboardRenderer } from '@/testing/render';
import { sessionFor } from '@/testing/profiles';
import { makeRequestedMeal } from '@/testing/requests';
import { onEndpoint, recordQueries, server } from '@/testing/server';
import { ServeMealsPage } from './pages/serve-meals';

/** PATCH /requested-meal/status/update on `rows`: the request served, its id noted in `served`. */
const servesIn = (rows: RequestedMeal[], served: string[] = []) =>
  onEndpoint(endpoints.serveRequest, async ({ request }) => {
    const { id } = (await request.json()) as { id: string };
    served.push(id);
    Object.assign(
      rows.find((row) => row._id === id)!,
      { status: 'delivered', servedAt: new Date().toISOString() },
    );
    return HttpResponse.json({ modifiedCount: 1 });
  });

const renderDashboard = dashboardRenderer([{ path: '/dashboard/serve-meals', Component: ServeMealsPage }]);

describe('Serve Meals', () => {
  const row = (id: string, status: RequestedMeal['status'], userName: string): RequestedMeal => ({
    _id: id,
    mealId: 'm1',
    title: 'Lentil Soup',
    likes: 1,
    reviews_count: 0,
    status,
    userEmail: `${userName.toLowerCase()}@x.test`,
    userName,
    requestedAt: '2026-11-20T10:00:00.000Z',
    servedAt: status === 'delivered' ? '2026-11-20T11:00:00.000Z' : null,
    cancelledAt: status === 'cancelled' ? '2026-11-20T11:00:00.000Z' : null,
    priority: false,
  });

  it('says so when nothing matches', async () => {
    server.use(onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ items: [], nextCursor: null })));
    renderDashboard('/dashboard/serve-meals', adminSession());
    expect(await screen.findByText('No data found')).toBeInTheDocument();
  });

  it('lists the queue in the order the API gives, with a Priority marker on priority members', async () => {
    const rows = [
      { ...row('r1', 'pending', 'Gia'), priority: true },
      { ...row('r2', 'pending', 'Pat'), priority: true },
      row('r3', 'pending', 'Sid'),
    ];
    server.use(onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ items: rows, nextCursor: null })));
    renderDashboard('/dashboard/serve-meals', adminSession());
    const table = await screen.findByRole('table', { name: 'Meal requests waiting to be served' });
    await within(table).findByText('Sid');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((tableRow) => tableRow.textContent)).toEqual([
      expect.stringContaining('GiaPriority'),
      expect.stringContaining('PatPriority'),
      expect.not.stringContaining('Priority'),
    ]);
    expect(bodyRows[2]).toHaveTextContent('Sid');
  });

  it('below a tablet width each request is a card with its facts and the Serve button in it', async () => {
    const rows = [row('r1', 'pending', 'Mia')];
    server.use(onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ items: rows, nextCursor: null })));
    renderDashboard('/dashboard/serve-meals', adminSession());
    const queue = await screen.findByRole('table', { name: 'Meal requests waiting to be served' });
    expect(queue).toHaveAttribute('data-layout', 'cards-below-tablet');
    const serve = await within(queue).findByRole('button', { name: 'Serve Lentil Soup to Mia' });
    // The card is the row: every cell carries its column's name, which the card shows above it.
    const card = serve.closest('tr')!;
    const labelled = within(card)
      .getAllByRole('cell')
      .map((cell) => [cell.getAttribute('data-label'), cell.textContent]);
    expect(labelled).toEqual([
      ['#', '1'],
      ['Meal Title', 'Lentil Soup'],
      ['User Email', 'mia@x.test'],
      ['User Name', 'Mia'],
      ['Status', expect.stringMatching(/^pendingwaiting \d+ d/)],
      ['Serve', 'Serve'],
    ]);
    expect(serve.closest('td')).toHaveAttribute('data-label', 'Serve');
  });

  it('searches every request as admin and serves a pending one', async () => {
    const rows = [row('r1', 'pending', 'Mia'), row('r2', 'delivered', 'Sam')];
    const queries = recordQueries(endpoints.requestedMeals, (query) => {
      const search = query.get('search') ?? '';
      const queue = query.get('queue');
      const listed = queue ? rows.filter((item) => (item.status === 'pending') === (queue === 'pending')) : rows;
      return HttpResponse.json({
        items: listed.filter((item) => item.userEmail.startsWith(search)),
        nextCursor: null,
      });
    });
    server.use(servesIn(rows));
    const user = userEvent.setup();
    renderDashboard('/dashboard/serve-meals', adminSession());
    // Without a search: the queue of pending requests, and the history (served, cancelled) below it.
    const queue = await screen.findByRole('table', { name: 'Meal requests waiting to be served' });
    expect(await within(queue).findByRole('button', { name: 'Serve Lentil Soup to Mia' })).toBeEnabled();
    expect(within(queue).queryByText('Sam')).not.toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Served and cancelled meal requests, newest first' });
    expect(await within(history).findByText('Sam')).toBeInTheDocument();
    expect(within(history).queryByText('Mia')).not.toBeInTheDocument();
    expect(queries.some((params) => params.get('queue') === 'history')).toBe(true);
    const queueQuery = queries.find((params) => params.has('queue'));
    expect(queueQuery?.get('role')).toBe('admin');
    expect(queueQuery?.get('queue')).toBe('pending');
    expect(queries.every((params) => !params.has('email'))).toBe(true);

    await user.type(screen.getByLabelText('Search requests'), 'sam');
    // A search shows the matching users' requests only, in one table.
    await waitFor(() =>
      expect(
        screen.queryByRole('table', { name: 'Served and cancelled meal requests, newest first' }),
      ).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('button', { name: 'Served Lentil Soup to Sam' })).toBeDisabled();
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('sam'));
    expect(queries.at(-1)!.has('queue')).toBe(false);

    await user.clear(screen.getByLabelText('Search requests'));
    await user.type(screen.getByLabelText('Search requests'), 'mia');
    await waitFor(() => expect(screen.queryByText('Sam')).not.toBeInTheDocument());
    expect(queries.at(-1)!.get('search')).toBe('mia');

    await user.click(screen.getByRole('button', { name: 'Serve Lentil Soup to Mia' }));
    await expectDialog('Status updated successful');
    await dismissDialog(user);
    // Served, with Undo on offer in its row for a minute.
    const undo = await screen.findByRole('button', { name: 'Undo serving Lentil Soup to Mia' });
    expect(undo).toBeEnabled();
    expect(undo.closest('tr')).toHaveTextContent('delivered');
  });

  it('shows a serve made while a new search is first read: the read under way is made again', async () => {
    const rows = [row('r1', 'pending', 'Mia')];
    let releaseFirstSearch = () => {};
    let searchCalls = 0;
    server.use(
      onEndpoint(endpoints.requestedMeals, async ({ request }) => {
        const params = new URL(request.url).searchParams;
        // The search's first read answers what the database held before the serve.
        const listed = params.get('queue') === 'history' ? [] : rows;
        const answer = { items: listed.map((item) => ({ ...item })), nextCursor: null };
        if (params.get('search') && ++searchCalls === 1) await new Promise<void>((done) => (releaseFirstSearch = done));
        return HttpResponse.json(answer);
      }),
      servesIn(rows),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/serve-meals', adminSession());
    await screen.findByRole('button', { name: 'Serve Lentil Soup to Mia' });
    await user.type(screen.getByLabelText('Search requests'), 'mia');
    await waitFor(() => expect(searchCalls).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Serve Lentil Soup to Mia' }));
    await waitFor(() => expect(rows[0]!.status).toBe('delivered'));
    act(() => releaseFirstSearch());
    await expectDialog('Status updated successful');
    await dismissDialog(user);
    // The search is read again after the serve, not answered by the read that left before it.
    await waitFor(() => expect(searchCalls).toBe(2));
    const undo = await screen.findByRole('button', { name: 'Undo serving Lentil Soup to Mia' });
    expect(undo.closest('tr')).toHaveTextContent('delivered');
  });

  it('shows kitchen staff the queue only: no history of every request, no search through them', async () => {
    const queries = recordQueries(endpoints.requestedMeals, () =>
      HttpResponse.json({ items: [row('r1', 'pending', 'Mia')], nextCursor: null }),
    );
    renderDashboard('/dashboard/serve-meals', sessionFor({ ...adminProfile, _id: 'uid-staff', role: 'staff' }));
    const queue = await screen.findByRole('table', { name: 'Meal requests waiting to be served' });
    expect(await within(queue).findByRole('button', { name: 'Serve Lentil Soup to Mia' })).toBeEnabled();
    expect(screen.queryByLabelText('Search requests')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((params) => params.get('queue') === 'pending' && !params.has('search'))).toBe(true);
  });
});

describe('Serve Meals over time', () => {
  const pendingRow = (id: string, userName: string, requestedAt: string): RequestedMeal => ({
    _id: id,
    mealId: `meal-${id}`,
    title: 'Lentil Soup',
    likes: 0,
    reviews_count: 0,
    status: 'pending',
    userEmail: `${userName.toLowerCase()}@x.test`,
    userName,
    requestedAt,
    servedAt: null,
    cancelledAt: null,
    priority: false,
  });
  const start = new Date('2026-11-23T12:00:00.000Z');

  beforeEach(() => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  /** The queue as the API answers it: pending rows only; serve and undo change the rows. */
  function answerQueue(rows: RequestedMeal[]) {
    const calls = { served: [] as string[], undone: [] as string[] };
    server.use(
      onEndpoint(endpoints.requestedMeals, ({ request }) => {
        const queue = new URL(request.url).searchParams.get('queue');
        const items = rows.filter((row) => (row.status === 'pending') === (queue === 'pending'));
        return HttpResponse.json({ items, nextCursor: null });
      }),
      servesIn(rows, calls.served),
      onEndpoint(endpoints.undoServe, async ({ request }) => {
        const { id } = (await request.json()) as { id: string };
        calls.undone.push(id);
        Object.assign(
          rows.find((row) => row._id === id)!,
          { status: 'pending', servedAt: null },
        );
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    return calls;
  }

  it('shows how long each request has waited, and keeps it current as time passes', async () => {
    answerQueue([
      pendingRow('r1', 'Ada', '2026-11-23T11:48:00.000Z'),
      pendingRow('r2', 'Bo', '2026-11-23T09:55:00.000Z'),
    ]);
    renderDashboard('/dashboard/serve-meals', adminSession());
    const queue = await screen.findByRole('table', { name: 'Meal requests waiting to be served' });
    const rowOf = async (name: string) => (await within(queue).findByText(name)).closest('tr')!;
    expect(await rowOf('Ada')).toHaveTextContent('waiting 12 min');
    expect(await rowOf('Bo')).toHaveTextContent('waiting 2 h 5 min');

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await rowOf('Ada')).toHaveTextContent('waiting 13 min');
    expect(await rowOf('Bo')).toHaveTextContent('waiting 2 h 6 min');
  });

  it('offers Undo in the served row for one minute, and Undo puts the request back in the queue', async () => {
    const calls = answerQueue([
      pendingRow('r1', 'Ada', '2026-11-23T11:48:00.000Z'),
      pendingRow('r2', 'Bo', '2026-11-23T11:50:00.000Z'),
    ]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderDashboard('/dashboard/serve-meals', adminSession());
    const queue = await screen.findByRole('table', { name: 'Meal requests waiting to be served' });

    await user.click(await within(queue).findByRole('button', { name: 'Serve Lentil Soup to Ada' }));
    await expectDialog('Status updated successful');
    await dismissDialog(user);
    // The row stays where it was, served, with Undo; the queue below it moves on.
    const undo = await within(queue).findByRole('button', { name: 'Undo serving Lentil Soup to Ada' });
    const adaRow = undo.closest('tr')!;
    expect(adaRow).toHaveTextContent('Served');
    expect(adaRow).toHaveTextContent('delivered');
    expect(within(queue).getAllByRole('row')[1]).toBe(adaRow);
    expect(calls.served).toEqual(['r1']);

    await user.click(undo);
    expect(await within(queue).findByRole('button', { name: 'Serve Lentil Soup to Ada' })).toBeEnabled();
    expect(calls.undone).toEqual(['r1']);
    expect(within(queue).queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();

    // Served again and left alone: Undo is there just before the minute ends, gone after it.
    await user.click(within(queue).getByRole('button', { name: 'Serve Lentil Soup to Ada' }));
    await expectDialog('Status updated successful');
    await dismissDialog(user);
    await within(queue).findByRole('button', { name: 'Undo serving Lentil Soup to Ada' });
    await act(() => vi.advanceTimersByTimeAsync(55_000));
    expect(within(queue).getByRole('button', { name: 'Undo serving Lentil Soup to Ada' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() =>
      expect(within(queue).queryByRole('button', { name: 'Undo serving Lentil Soup to Ada' })).not.toBeInTheDocument(),
    );
    expect(within(queue).queryByText('Ada')).not.toBeInTheDocument();
    expect(await within(queue).findByRole('button', { name: 'Serve Lentil Soup to Bo' })).toBeEnabled();
    expect(calls.undone).toEqual(['r1']);
  });
});

describe('Serve Meals narrowed to one serving', () => {
  it("asks for that serving's queue only, names the serving and offers the whole queue back", async () => {
    const asked: URLSearchParams[] = [];
    const reservation: RequestedMeal = {
      ...makeRequestedMeal('r1', 'Lentil Soup', 'pending'),
      serving: {
        _id: 'lunch-25',
        date: '2026-11-25',
        slot: 'lunch',
        startsAt: '2026-11-25T12:00:00.000Z',
        endsAt: '2026-11-25T14:00:00.000Z',
        cutoffAt: '2026-11-25T10:00:00.000Z',
      },
    };
    server.use(
      onEndpoint(endpoints.requestedMeals, ({ request: call }) => {
        asked.push(new URL(call.url).searchParams);
        return HttpResponse.json({ items: [reservation], nextCursor: null });
      }),
    );
    renderDashboard('/dashboard/serve-meals?serving=lunch-25', adminSession());
    const note = await screen.findByTestId('serving-filter');
    await waitFor(() => expect(note).toHaveTextContent('Only the reservations for Lunch · Wed 25 Nov.'));
    expect(within(note).getByRole('link', { name: 'Show every request' })).toHaveAttribute(
      'href',
      '/dashboard/serve-meals',
    );
    expect(await screen.findByRole('button', { name: 'Serve Lentil Soup to Sam Student' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
    expect(asked.map((query) => [query.get('queue'), query.get('servingId')])).toEqual([['pending', 'lunch-25']]);
  });
});
