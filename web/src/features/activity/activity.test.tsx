import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { endpoints, type AdminAction } from '@hostelhub/contracts';
import { catchDownloads, textOf } from '@/testing/downloads';
import { adminSession, renderRoutes } from '@/testing/render';
import { onEndpoint, recordQueries, server } from '@/testing/server';
import { ActivityPage } from './pages/activity';

const renderActivity = (search = '') =>
  renderRoutes({
    routes: [{ path: '/dashboard/activity', Component: ActivityPage }],
    path: `/dashboard/activity${search}`,
    session: adminSession(),
  });

const ada = { uid: 'uid-ada', name: 'Ada Admin', role: 'admin' };
const kim = { uid: 'uid-kim', name: 'Kim Kitchen', role: 'staff' };

const action = (overrides: Partial<AdminAction> = {}): AdminAction => ({
  _id: 'action-1',
  at: '2026-11-20T12:05:00.000Z',
  actor: ada,
  kind: 'meal.changed',
  target: { type: 'meal', id: 'soup', label: '<b>Lentil</b> Soup' },
  before: { price: 12.5 },
  after: { price: 14 },
  ...overrides,
});

const kimsServing = action({
  _id: 'action-2',
  actor: kim,
  kind: 'serving.added',
  target: { type: 'serving', id: 's1', label: '2026-11-21 lunch: Pho' },
  before: null,
  after: { capacity: 40, slots: ['lunch', 'dinner'], note: '<img src=x onerror=alert(1)>' },
});

const rowOf = async (label: string) => (await screen.findByRole('cell', { name: label })).closest('tr')!;
const asked = (queries: URLSearchParams[]) => queries.map((query) => query.toString());
const csvAnswer = (headers: Record<string, string> = {}) =>
  new HttpResponse('"at","actor"\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8', ...headers } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Activity', () => {
  it('shows who changed what, when in the hostel’s time, and each field before and after, as text', async () => {
    const queries = recordQueries(endpoints.adminActions, () =>
      HttpResponse.json({
        actions: [
          action(),
          kimsServing,
          action({
            _id: 'action-3',
            kind: 'meal.deleted',
            // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
            at: '2026-06-30T23:30:00.000Z',
            target: { type: 'meal', id: 'stew', label: 'Stew' },
            before: { title: 'Stew', price: 9, dietTags: [] },
            after: null,
          }),
        ],
        nextCursor: null,
      }),
    );
    renderActivity();
    const changed = await rowOf('<b>Lentil</b> Soup');
    expect(within(changed).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(changed).getByText('Admin')).toBeInTheDocument();
    expect(within(changed).getByText('Meal changed')).toBeInTheDocument();
    // 12:05 UTC is 12:05 in London in November.
    expect(within(changed).getByText('Fri 20 Nov 2026, 12:05')).toHaveAttribute('datetime', '2026-11-20T12:05:00.000Z');
    expect(changed).toHaveTextContent('price: 12.5 → 14');

    // An addition: only what it was made with.
    const added = await rowOf('2026-11-21 lunch: Pho');
    expect(within(added).getByText('Kim Kitchen')).toBeInTheDocument();
    expect(within(added).getByText('Kitchen staff')).toBeInTheDocument();
    expect(within(added).getByText('Serving planned')).toBeInTheDocument();
    expect(added).toHaveTextContent('capacity: 40');
    expect(added).toHaveTextContent('slots: lunch, dinner');
    expect(added).toHaveTextContent('note: <img src=x onerror=alert(1)>');
    expect(added).not.toHaveTextContent('→');

    // A removal: only what it was.
    const deleted = await rowOf('Stew');
    expect(within(deleted).getByText('Meal deleted')).toBeInTheDocument();
    expect(within(deleted).getByText('Wed 1 Jul 2026, 00:30')).toBeInTheDocument();
    expect(deleted).toHaveTextContent('title: Stew');
    expect(deleted).toHaveTextContent('price: 9');
    expect(deleted).toHaveTextContent('dietTags: —');
    expect(deleted).not.toHaveTextContent('→');

    // Markup in a label or a value is text, never elements.
    expect(document.querySelector('main b, section b, td img')).toBeNull();
    expect(asked(queries)).toEqual(['limit=20']);
  });

  it('keeps its filters in the address, reads them back from it, and asks the API with them', async () => {
    const queries = recordQueries(endpoints.adminActions, (query) =>
      HttpResponse.json({
        actions: [action(), kimsServing].filter((each) => !query.has('actor') || each.actor.uid === query.get('actor')),
        nextCursor: null,
      }),
    );
    const user = userEvent.setup();
    const { router } = renderActivity('?from=2026-11-01&kind=nonsense');
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await rowOf('<b>Lentil</b> Soup');
    // A misspelt kind in the address is left out, not sent; the day is read back into its input.
    expect(asked(queries)).toEqual(['from=2026-11-01&limit=20']);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Meal changed');
    expect(search()).toEqual({ from: '2026-11-01', kind: 'meal.changed' });
    const person = screen.getByRole('combobox', { name: 'Person' });
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Anyone', 'Ada Admin', 'Kim Kitchen']);
    await user.selectOptions(person, 'Ada Admin');
    expect(search()).toEqual({ from: '2026-11-01', kind: 'meal.changed', actor: 'uid-ada' });
    await rowOf('<b>Lentil</b> Soup');
    expect(screen.queryByRole('cell', { name: '2026-11-21 lunch: Pho' })).not.toBeInTheDocument();
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({
      from: '2026-11-01',
      kind: 'meal.changed',
      actor: 'uid-ada',
      limit: '20',
    });
    // Kim, not in Ada's entries, can still be chosen instead.
    expect(within(person).getByRole('option', { name: 'Kim Kitchen' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('To'), '2026-11-30');
    expect(search()).toEqual({ from: '2026-11-01', kind: 'meal.changed', actor: 'uid-ada', to: '2026-11-30' });
    await vi.waitFor(() => expect(queries.at(-1)!.get('to')).toBe('2026-11-30'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Any kind');
    await user.selectOptions(person, 'Anyone');
    await user.clear(screen.getByLabelText('From'));
    expect(search()).toEqual({ to: '2026-11-30' });
  });

  it('reads a filtered address as it was shared', async () => {
    const queries = recordQueries(endpoints.adminActions, () =>
      HttpResponse.json({ actions: [action()], nextCursor: null }),
    );
    renderActivity('?kind=meal.changed&actor=uid-ada&from=2026-11-01&to=2026-11-30');
    await rowOf('<b>Lentil</b> Soup');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('meal.changed');
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue('uid-ada');
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveDisplayValue('Ada Admin');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    expect(asked(queries)).toEqual(['kind=meal.changed&actor=uid-ada&from=2026-11-01&to=2026-11-30&limit=20']);
  });

  it('pages by cursor with Load more', async () => {
    const queries = recordQueries(endpoints.adminActions, (query) =>
      HttpResponse.json(
        query.get('cursor') === 'next-page'
          ? { actions: [action({ _id: 'older', target: { type: 'meal', id: 'pho', label: 'Pho' } })], nextCursor: null }
          : { actions: [action()], nextCursor: 'next-page' },
      ),
    );
    const user = userEvent.setup();
    renderActivity('?kind=meal.changed');
    await rowOf('<b>Lentil</b> Soup');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'Pho' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '<b>Lentil</b> Soup' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked(queries)).toEqual(['kind=meal.changed&limit=20', 'kind=meal.changed&limit=20&cursor=next-page']);
  });

  it('downloads the CSV of the filters shown, under the name the API gives it', async () => {
    server.use(onEndpoint(endpoints.adminActions, () => HttpResponse.json({ actions: [action()], nextCursor: null })));
    const csvAsked: { query: string; authorization: string | null }[] = [];
    server.use(
      http.get(`*/api${endpoints.adminActionsExport.path}`, ({ request }) => {
        csvAsked.push({ query: new URL(request.url).search, authorization: request.headers.get('authorization') });
        return csvAnswer({ 'content-disposition': 'attachment; filename="activity-2026-11-01-to-now.csv"' });
      }),
    );
    localStorage.setItem('token', 'admin-token');
    const files = catchDownloads();
    const user = userEvent.setup();
    renderActivity('?kind=meal.changed&actor=uid-ada&from=2026-11-01');
    await rowOf('<b>Lentil</b> Soup');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(csvAsked).toEqual([
      { query: '?kind=meal.changed&actor=uid-ada&from=2026-11-01', authorization: 'Bearer admin-token' },
    ]);
    expect(files[0]!.name).toBe('activity-2026-11-01-to-now.csv');
    expect(await textOf(files[0]!.blob)).toBe('"at","actor"\r\n');
  });

  it('names the CSV activity.csv when the API gives no name, and says when it fails', async () => {
    server.use(onEndpoint(endpoints.adminActions, () => HttpResponse.json({ actions: [action()], nextCursor: null })));
    let fail = false;
    server.use(
      http.get(`*/api${endpoints.adminActionsExport.path}`, () =>
        fail ? HttpResponse.json({ message: 'The export is busy' }, { status: 500 }) : csvAnswer(),
      ),
    );
    const files = catchDownloads();
    const user = userEvent.setup();
    renderActivity();
    await rowOf('<b>Lentil</b> Soup');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('activity.csv');

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The CSV could not be downloaded: The export is busy');
    expect(files).toHaveLength(1);
  });

  it('says when nothing matches, and offers a retry on an error', async () => {
    let fail = true;
    server.use(
      onEndpoint(endpoints.adminActions, () =>
        fail
          ? HttpResponse.json({ message: 'The log could not be read' }, { status: 500 })
          : HttpResponse.json({ actions: [], nextCursor: null }),
      ),
    );
    const user = userEvent.setup();
    renderActivity();
    expect(await screen.findByRole('alert')).toHaveTextContent('The log could not be read');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing was changed in this range.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says at once that a range runs backwards, without asking the API', async () => {
    const queries = recordQueries(endpoints.adminActions, () =>
      HttpResponse.json({ actions: [action()], nextCursor: null }),
    );
    const user = userEvent.setup();
    const { router } = renderActivity('?from=2026-11-20&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('From must not be after To');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(/From must not be after To/);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(queries).toEqual([]);

    // Mending the range asks again.
    await user.clear(screen.getByLabelText('From'));
    expect(router.state.location.search).toBe('?to=2026-11-01');
    await rowOf('<b>Lentil</b> Soup');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked(queries)).toEqual(['to=2026-11-01&limit=20']);
  });

  it('shows what the API says when it refuses the filters (400)', async () => {
    server.use(
      onEndpoint(endpoints.adminActions, () =>
        HttpResponse.json({ message: 'from must not be after to' }, { status: 400 }),
      ),
    );
    renderActivity('?from=2026-11-01');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This list could not be loaded');
    expect(alert).toHaveTextContent('from must not be after to');
  });
});
