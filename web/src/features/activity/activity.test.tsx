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

const action = (overrides: Partial<AdminAction> = {}): AdminAction => ({
  _id: 'action-1',
  at: '2026-11-20T12:05:00.000Z',
  actor: { uid: 'uid-ada', name: 'Ada Admin', role: 'admin' },
  kind: 'meal.changed',
  target: { type: 'meal', id: 'soup', label: '<b>Lentil</b> Soup' },
  before: { price: 12.5 },
  after: { price: 14 },
  ...overrides,
});

const asked = (queries: URLSearchParams[]) => queries.map((query) => query.toString());

describe('Activity', () => {
  it('shows who changed what, each field before and after, as text', async () => {
    const queries = recordQueries(endpoints.adminActions, () =>
      HttpResponse.json({
        actions: [
          action(),
          action({
            _id: 'action-2',
            actor: { uid: 'uid-kim', name: 'Kim Kitchen', role: 'staff' },
            kind: 'serving.added',
            target: { type: 'serving', id: 's1', label: '2026-11-21 lunch: Pho' },
            before: null,
            after: { capacity: 40, slots: ['lunch', 'dinner'] },
          }),
        ],
        nextCursor: null,
      }),
    );
    renderActivity();
    const first = (await screen.findByRole('cell', { name: '<b>Lentil</b> Soup' })).closest('tr')!;
    expect(within(first).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(first).getByText('Meal changed')).toBeInTheDocument();
    // 12:05 UTC is 12:05 in London in November.
    expect(within(first).getByText('Fri 20 Nov 12:05')).toBeInTheDocument();
    expect(first).toHaveTextContent('price: 12.5 → 14');
    const second = screen.getByRole('cell', { name: '2026-11-21 lunch: Pho' }).closest('tr')!;
    expect(second).toHaveTextContent('capacity: 40');
    expect(second).toHaveTextContent('slots: lunch, dinner');
    expect(second).not.toHaveTextContent('→');
    expect(asked(queries)).toEqual(['limit=20']);
  });

  it('keeps its filters in the address and asks the API with them', async () => {
    const queries = recordQueries(endpoints.adminActions, () =>
      HttpResponse.json({ actions: [action()], nextCursor: null }),
    );
    const user = userEvent.setup();
    const { router } = renderActivity('?from=2026-11-01&kind=nonsense');
    await screen.findByRole('cell', { name: '<b>Lentil</b> Soup' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Meal changed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Ada Admin');
    const chosen = { from: '2026-11-01', kind: 'meal.changed', actor: 'uid-ada' };
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(chosen);
    await screen.findByRole('cell', { name: '<b>Lentil</b> Soup' });
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ ...chosen, limit: '20' });
    // A misspelt kind in the address is left out, not sent.
    expect(asked(queries)[0]).toBe('from=2026-11-01&limit=20');
  });

  it('downloads the CSV of the filters shown, and pages by cursor', async () => {
    server.use(
      onEndpoint(endpoints.adminActions, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor
            ? {
                actions: [action({ _id: 'older', target: { type: 'meal', id: 'pho', label: 'Pho' } })],
                nextCursor: null,
              }
            : { actions: [action()], nextCursor: 'next-page' },
        );
      }),
    );
    const csvAsked: string[] = [];
    server.use(
      http.get(`*/api${endpoints.adminActionsExport.path}`, ({ request }) => {
        csvAsked.push(new URL(request.url).search);
        return new HttpResponse('at,actor\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const files = catchDownloads();
    const user = userEvent.setup();
    renderActivity('?kind=meal.changed');
    await screen.findByRole('cell', { name: '<b>Lentil</b> Soup' });
    await user.click(screen.getByRole('button', { name: /load more/i }));
    expect(await screen.findByRole('cell', { name: 'Pho' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(csvAsked).toEqual(['?kind=meal.changed']);
    expect(files[0]!.name).toBe('activity.csv');
    expect(await textOf(files[0]!.blob)).toBe('at,actor\r\n');
  });

  it('says when nothing matches, refuses a range backwards, and offers a retry on an error', async () => {
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
    expect(await screen.findByText(/could not be read|went wrong/i)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('Nothing was changed in this range.')).toBeInTheDocument();

    renderActivity('?from=2026-11-20&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('From must not be after To.');
  });
});
