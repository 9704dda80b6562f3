import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, type Leave } from '@hostelhub/contracts';
import { expectDialog } from '@/testing/dialogs';
import { makeLeave, myLeavesOf } from '@/testing/leave';
import { adminSession, renderRoutes } from '@/testing/render';
import { onEndpoint, recordBodies, recordQueries, server } from '@/testing/server';
import { textsOf } from '@/testing/queries';
import { LeaveQueuePage } from './pages/leave-queue';

const renderQueue = (search = '') =>
  renderRoutes({
    routes: [{ path: '/dashboard/leave-queue', Component: LeaveQueuePage }],
    path: `/dashboard/leave-queue${search}`,
    session: adminSession(),
  });

/** The hostel's today (Europe/London, as GET /menu answers in tests): Friday 20 November 2026. */
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

/** As GET /leaves answers an admin: every member's, filtered by the status asked (no rules or days left). */
function answerQueue(all: () => Leave[]) {
  return recordQueries(endpoints.leaves, (query) => {
    const status = query.get('status');
    return HttpResponse.json(
      myLeavesOf(
        all().filter((leave) => !status || leave.status === status),
        { daysLeft: {} },
      ),
    );
  });
}

const asked = (queries: URLSearchParams[]) => queries.map((query) => query.toString());

describe('Leave Queue', () => {
  it('shows pending leave by default, with the member’s name and email as text', async () => {
    const queries = answerQueue(() => [
      makeLeave({ name: '<b>Sam</b> Student', reason: 'Home <visit>' }),
      makeLeave({ _id: 'leave-2', status: 'approved' }),
    ]);
    const { router } = renderQueue();
    const row = (await screen.findByRole('cell', { name: /Sam/ })).closest('tr')!;
    expect(textsOf(row, 'cell').slice(0, 6)).toEqual([
      '<b>Sam</b> Studentstudent@hostelhub.test',
      'Mon 7 Dec to Fri 11 Dec',
      '5',
      'Pending',
      '$20.00 once approved',
      'Home <visit>',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(asked(queries)).toEqual(['status=pending&limit=20']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Pending');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('Any month');
    expect(router.state.location.search).toBe('');
  });

  it('keeps the status and month chosen in the address, and reads them from it', async () => {
    const queries = answerQueue(() => [makeLeave({ status: 'approved' })]);
    const user = userEvent.setup();
    const { router, unmount } = renderQueue();
    await screen.findByText('No leave matches.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'December 2026');
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved&month=2026-12'));
    expect(await screen.findByRole('cell', { name: 'Approved' })).toBeInTheDocument();
    expect(asked(queries).at(-1)).toBe('status=approved&month=2026-12&limit=20');
    // Back goes to the filters before.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('Any month'));
    unmount();

    // A shared address opens with its filters; "any" asks for every status.
    const again = answerQueue(() => [makeLeave({ status: 'declined' })]);
    renderQueue('?status=any&month=2027-09');
    expect(await screen.findByRole('cell', { name: 'Declined' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Any status');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('September 2027');
    expect(asked(again)).toEqual(['month=2027-09&limit=20']);
  });

  it('approves a leave with a note, and the queue reads again', async () => {
    let rows = [makeLeave()];
    const sent = recordBodies(endpoints.decideLeave, (body) => {
      rows = [{ ...rows[0]!, status: 'approved', decisionReason: (body as { reason: string | null }).reason }];
      return HttpResponse.json(rows[0]!);
    });
    answerQueue(() => rows);
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Approve Sam Student, Mon 7 Dec to Fri 11 Dec' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this leave' });
    expect(within(dialog).getByText('Sam Student, Mon 7 Dec to Fri 11 Dec: 5 days.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note for the member (optional)'), 'Safe travels');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'approved', reason: 'Safe travels' }]));
    expect(await screen.findByText('Approved: the leave of Sam Student, Mon 7 Dec to Fri 11 Dec.')).toBeInTheDocument();
    // Approved leaves are not pending: the default queue is empty now.
    expect(await screen.findByText('No leave matches.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('approves without a note', async () => {
    const sent = recordBodies(endpoints.decideLeave, () => HttpResponse.json(makeLeave({ status: 'approved' })));
    answerQueue(() => [makeLeave()]);
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: /^Approve Sam Student/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'approved', reason: null }]));
  });

  it('declines only with a reason the member reads', async () => {
    const sent = recordBodies(endpoints.decideLeave, (body) =>
      HttpResponse.json(makeLeave({ status: 'declined', decisionReason: (body as { reason: string }).reason })),
    );
    answerQueue(() => [makeLeave()]);
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Decline Sam Student, Mon 7 Dec to Fri 11 Dec' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this leave' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByLabelText('Reason (the member reads it)')).toHaveAccessibleDescription(
      'Say why it is declined',
    );
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason (the member reads it)'), 'Exams that week');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'declined', reason: 'Exams that week' }]));
  });

  it('shows the API’s refusal of a decision', async () => {
    server.use(
      onEndpoint(endpoints.decideLeave, () =>
        HttpResponse.json({ message: 'status: this leave was cancelled' }, { status: 409 }),
      ),
    );
    answerQueue(() => [makeLeave()]);
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: /^Approve Sam Student/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await expectDialog('status: this leave was cancelled');
  });

  it('offers no decision on a leave already decided', async () => {
    answerQueue(() => [makeLeave({ status: 'declined', decisionReason: 'Exams' })]);
    renderQueue('?status=declined');
    const row = (await screen.findByRole('cell', { name: 'Declined' })).closest('tr')!;
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).getByText('Exams')).toBeInTheDocument();
  });

  it('says when the queue could not be loaded, and pages through a long one', async () => {
    server.use(
      onEndpoint(endpoints.leaves, () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 })),
    );
    const failed = renderQueue();
    expect(await screen.findByText('This list could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    failed.unmount();

    server.use(
      onEndpoint(endpoints.leaves, ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? HttpResponse.json(myLeavesOf([makeLeave({ _id: 'later', name: 'Lee Later' })]))
          : HttpResponse.json(myLeavesOf([makeLeave()], { nextCursor: 'page-2' })),
      ),
    );
    const user = userEvent.setup();
    renderQueue();
    await screen.findByText('Sam Student');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Lee Later')).toBeInTheDocument();
  });
});
