import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, type Leave } from '@hostelhub/contracts';
import { answerDialog, expectDialog } from '@/testing/dialogs';
import { leaveRules, makeLeave, myLeavesOf } from '@/testing/leave';
import {
  adminSession,
  dashboardRenderer,
  memberProfile,
  memberSession,
  sessionFor,
  studentProfile,
} from '@/testing/render';
import { onEndpoint, recordBodies, server } from '@/testing/server';
import { textsOf } from '@/testing/queries';
import { MyLeavePage } from './pages/my-leave';

const renderDashboard = dashboardRenderer([{ path: '/dashboard/my-leave', Component: MyLeavePage }]);

/** The hostel's today (Europe/London, as GET /menu answers in tests): Friday 20 November 2026. */
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

/** GET /leaves answers `items` (as they are when asked) with the tests' rules. */
const answerLeaves = (items: () => Leave[], overrides: Parameters<typeof myLeavesOf>[1] = {}) =>
  server.use(onEndpoint(endpoints.leaves, () => HttpResponse.json(myLeavesOf(items(), overrides))));

/** Types the first and last day as a date picker sets them. */
function chooseDays(form: HTMLElement, from: string, to: string) {
  fireEvent.change(within(form).getByLabelText('First day'), { target: { value: from } });
  fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: to } });
}

describe('My Leave', () => {
  it('says the rules in words and the days left this month and next', async () => {
    answerLeaves(() => []);
    renderDashboard('/dashboard/my-leave', memberSession());
    expect(await screen.findByRole('heading', { name: 'The hostel’s rules' })).toBeInTheDocument();
    const rules = screen.getByRole('region', { name: 'The hostel’s rules' });
    expect(textsOf(rules, 'listitem')).toEqual([
      'At least 3 days, applied for 2 days ahead or more.',
      'At most 15 days of leave in a month.',
      'An admin approves each leave.',
      'Each day earns $4.00 off your next invoice.',
    ]);
    const left = within(rules).getByLabelText('Days of leave left');
    expect(left).toHaveTextContent('This month (November 2026)12 days left');
    expect(left).toHaveTextContent('Next month (December 2026)15 days left');
    expect(screen.getByText('You have not applied for leave.')).toBeInTheDocument();
  });

  it('applies for leave, showing the days and the credit first, then lists it', async () => {
    const items: Leave[] = [];
    const sent = recordBodies(endpoints.applyForLeave, (body) => {
      items.push(makeLeave({ reason: (body as { reason: string }).reason }));
      return HttpResponse.json(
        { insertedId: 'leave-1', status: 'pending', days: 5, creditCents: 2_000 },
        { status: 201 },
      );
    });
    answerLeaves(() => items);
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-leave', memberSession());
    const form = await screen.findByRole('form', { name: 'Apply for leave' });
    expect(within(form).getByText('The earliest now: Sun 22 Nov')).toBeInTheDocument();

    chooseDays(form, '2026-12-07', '2026-12-11');
    expect(within(form).getByTestId('leave-preview')).toHaveTextContent(
      '5 days of leave, earning $20.00 off your next invoice once approved.',
    );
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Home for <the> holidays');
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));

    await waitFor(() =>
      expect(sent).toEqual([{ from: '2026-12-07', to: '2026-12-11', reason: 'Home for <the> holidays' }]),
    );
    await expectDialog('Leave applied for', '5 days, waiting for an admin. Once approved, it earns $20.00.');
    const row = (await screen.findByRole('cell', { name: 'Mon 7 Dec to Fri 11 Dec' })).closest('tr')!;
    expect(textsOf(row, 'cell').slice(0, 5)).toEqual([
      'Mon 7 Dec to Fri 11 Dec',
      '5',
      'Pending',
      '$20.00 once approved',
      // What the member typed, as text.
      'Home for <the> holidays',
    ]);
    // The form starts again.
    expect(within(form).getByLabelText('First day')).toHaveValue('');
  });

  it('reads the profile again when a leave is approved at once', async () => {
    server.use(
      onEndpoint(endpoints.applyForLeave, () =>
        HttpResponse.json({ insertedId: 'leave-1', status: 'approved', days: 3, creditCents: 1_200 }, { status: 201 }),
      ),
    );
    answerLeaves(() => [], { rules: { ...leaveRules, needsApproval: false } });
    const refreshProfile = vi.fn(async () => {});
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-leave', sessionFor(memberProfile, { refreshProfile }));
    const form = await screen.findByRole('form', { name: 'Apply for leave' });
    chooseDays(form, '2026-12-01', '2026-12-03');
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));
    await expectDialog('Leave approved', '3 days of leave. It earns $12.00 off your next invoice.');
    expect(refreshProfile).toHaveBeenCalled();
  });

  it('shows a refusal of the API under the field it names, and any other as it says', async () => {
    let refusal = { message: 'to: a leave is at least 3 days (minDays); this one is 2', status: 400 };
    server.use(
      onEndpoint(endpoints.applyForLeave, () =>
        HttpResponse.json({ message: refusal.message }, { status: refusal.status }),
      ),
    );
    answerLeaves(() => []);
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-leave', memberSession());
    const form = await screen.findByRole('form', { name: 'Apply for leave' });
    chooseDays(form, '2026-12-07', '2026-12-08');
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));
    const lastDay = within(form).getByLabelText('Last day');
    await waitFor(() =>
      expect(lastDay).toHaveAccessibleDescription('a leave is at least 3 days (minDays); this one is 2'),
    );
    expect(lastDay).toHaveAttribute('aria-invalid', 'true');

    refusal = { message: 'at most 15 days of leave in a month (maxDaysPerMonth)', status: 409 };
    chooseDays(form, '2026-12-07', '2026-12-11');
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Not applied: at most 15 days of leave in a month (maxDaysPerMonth)',
    );
  });

  it('checks the days before sending: both given, the last not before the first', async () => {
    const sent = recordBodies(endpoints.applyForLeave, () =>
      HttpResponse.json({ message: 'unexpected' }, { status: 500 }),
    );
    answerLeaves(() => []);
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-leave', memberSession());
    const form = await screen.findByRole('form', { name: 'Apply for leave' });
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));
    expect(await within(form).findByText('Choose the first day of your leave')).toBeInTheDocument();
    expect(within(form).getByText('Choose the last day of your leave')).toBeInTheDocument();

    chooseDays(form, '2026-12-09', '2026-12-07');
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));
    expect(await within(form).findByText('to must not be before from')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('cancels a leave that has not started after a confirmation; one under way has no Cancel', async () => {
    const items = [
      makeLeave({ _id: 'coming', status: 'approved', creditCents: 2_000, decisionReason: 'Enjoy <it>' }),
      makeLeave({ _id: 'now', from: '2026-11-19', to: '2026-11-21', days: 3, status: 'approved', creditCents: 0 }),
    ];
    let cancelled: unknown = null;
    server.use(
      onEndpoint(endpoints.cancelLeave, ({ params }) => {
        cancelled = params.id;
        items[0] = { ...items[0]!, status: 'cancelled' };
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    answerLeaves(() => items);
    const refreshProfile = vi.fn(async () => {});
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-leave', sessionFor(memberProfile, { refreshProfile }));

    const coming = (await screen.findByRole('cell', { name: 'Mon 7 Dec to Fri 11 Dec' })).closest('tr')!;
    expect(within(coming).getByText('Enjoy <it>')).toBeInTheDocument();
    expect(within(coming).getByRole('cell', { name: '$20.00, to be credited' })).toBeInTheDocument();
    const underWay = screen.getByRole('cell', { name: 'Thu 19 Nov to Sat 21 Nov' }).closest('tr')!;
    expect(within(underWay).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(coming).getByRole('button', { name: 'Cancel leave Mon 7 Dec to Fri 11 Dec' }));
    await expectDialog(
      'Cancel this leave?',
      'Your leave (Mon 7 Dec to Fri 11 Dec) will be cancelled. Its credit of $20.00 is taken back.',
    );
    await answerDialog(user, 'Yes, cancel it');
    await waitFor(() => expect(within(coming).getByText('Cancelled')).toBeInTheDocument());
    expect(cancelled).toBe('coming');
    expect(refreshProfile).toHaveBeenCalled();
    expect(within(coming).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps the leave when the confirmation is dismissed, and shows a refused cancel', async () => {
    let calls = 0;
    server.use(
      onEndpoint(endpoints.cancelLeave, () => {
        calls += 1;
        return HttpResponse.json({ message: 'This leave started on 2026-12-07' }, { status: 409 });
      }),
    );
    answerLeaves(() => [makeLeave()]);
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-leave', memberSession());
    const cancel = await screen.findByRole('button', { name: 'Cancel leave Mon 7 Dec to Fri 11 Dec' });
    await user.click(cancel);
    await answerDialog(user, 'Cancel');
    expect(calls).toBe(0);

    await user.click(cancel);
    await answerDialog(user, 'Yes, cancel it');
    await expectDialog('This leave started on 2026-12-07');
    expect(calls).toBe(1);
  });

  it('counts a share of the plan’s daily price with the member’s plan', async () => {
    server.use(
      onEndpoint(endpoints.packages, () =>
        HttpResponse.json([
          { _id: 'gold', name: 'Gold', price: 31, services: [], weeklyRequestLimit: null, priorityServing: false },
        ]),
      ),
    );
    answerLeaves(() => [], { rules: { ...leaveRules, creditPerDayCents: null, creditSharePercent: 50 } });
    renderDashboard('/dashboard/my-leave', memberSession());
    const form = await screen.findByRole('form', { name: 'Apply for leave' });
    expect(
      screen.getByText("Each day earns 50% of your plan's daily price off your next invoice."),
    ).toBeInTheDocument();
    chooseDays(form, '2026-12-07', '2026-12-10');
    // $31.00 over December's 31 days, half of it, 4 days.
    await waitFor(() =>
      expect(within(form).getByTestId('leave-preview')).toHaveTextContent(
        '4 days of leave, earning $2.00 off your next invoice once approved.',
      ),
    );
  });

  it('shows the days alone where the rules give no credit', async () => {
    answerLeaves(() => [], { rules: { ...leaveRules, creditPerDayCents: null } });
    renderDashboard('/dashboard/my-leave', memberSession());
    const form = await screen.findByRole('form', { name: 'Apply for leave' });
    expect(screen.getByText('Leave earns no credit.')).toBeInTheDocument();
    chooseDays(form, '2026-12-07', '2026-12-07');
    expect(within(form).getByTestId('leave-preview')).toHaveTextContent(/^1 day of leave\.$/);
  });

  it('offers the plans instead of the form to a resident without a membership', async () => {
    answerLeaves(() => []);
    renderDashboard('/dashboard/my-leave', sessionFor(studentProfile));
    expect(await screen.findByText(/Leave is for members/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'choose a package on the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('form', { name: 'Apply for leave' })).not.toBeInTheDocument();
  });

  it('sends an admin to the Leave Queue, asking nothing of GET /leaves', async () => {
    renderDashboard('/dashboard/my-leave', adminSession());
    expect(await screen.findByRole('link', { name: 'Leave Queue' })).toHaveAttribute('href', '/dashboard/leave-queue');
    expect(screen.getByRole('link', { name: 'Meal Settings' })).toHaveAttribute('href', '/dashboard/meal-settings');
  });

  it('says when the leave could not be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      onEndpoint(endpoints.leaves, () =>
        fail
          ? HttpResponse.json({ message: 'Database unavailable' }, { status: 500 })
          : HttpResponse.json(myLeavesOf([])),
      ),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-leave', memberSession());
    expect(await screen.findByText('Your leave could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not applied for leave.')).toBeInTheDocument();
  });

  it('pages through a long list with Load more', async () => {
    server.use(
      onEndpoint(endpoints.leaves, ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? HttpResponse.json(myLeavesOf([makeLeave({ _id: 'old', from: '2026-10-05', to: '2026-10-09' })]))
          : HttpResponse.json(myLeavesOf([makeLeave()], { nextCursor: 'page-2' })),
      ),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-leave', memberSession());
    expect(await screen.findByRole('cell', { name: 'Mon 7 Dec to Fri 11 Dec' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'Mon 5 Oct to Fri 9 Oct' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
