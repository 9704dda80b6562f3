import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, type Complaint, type ComplaintsPage as ComplaintsAnswer } from '@hostelhub/contracts';
import { adminSession, memberSession, renderPage } from '@/testing/render';
import { adminProfile, sessionFor } from '@/testing/profiles';
import { onEndpoint, server } from '@/testing/server';
import { ComplaintsPage } from './pages/complaints';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const complaint = (overrides: Partial<Complaint> = {}): Complaint => ({
  _id: 'c1',
  status: 'open',
  category: 'food',
  urgent: false,
  text: 'The dal was <script>cold</script>',
  createdAt: minutesAgo(95),
  firstAnsweredAt: null,
  reason: null,
  serving: { _id: 's1', date: '2026-11-24', slot: 'lunch', mealTitle: 'Dal' },
  author: null,
  replies: [],
  ...overrides,
});

/** Answers GET /complaints with `list` and records each query string asked. */
function answerComplaints(list: () => Complaint[]) {
  const asked: string[] = [];
  server.use(
    onEndpoint(endpoints.complaints, ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ complaints: list(), nextCursor: null } satisfies ComplaintsAnswer);
    }),
  );
  return asked;
}

const renderComplaints = (session = memberSession()) => renderPage('/dashboard/complaints', ComplaintsPage, session);

const cardOf = async (text: RegExp) => (await screen.findByText(text)).closest('li')!;

describe('The complaint thread', () => {
  it('shows the member the kitchen’s answers in order, every text as text, and sends a reply', async () => {
    let replies: Complaint['replies'] = [
      {
        _id: 'r1',
        kind: 'status',
        status: 'acknowledged',
        text: null,
        author: { name: 'Kim Kitchen', role: 'staff' },
        createdAt: minutesAgo(60),
      },
      {
        _id: 'r2',
        kind: 'reply',
        status: null,
        text: 'We are <b>checking</b> the warmer',
        author: { name: 'Kim Kitchen', role: 'staff' },
        createdAt: minutesAgo(30),
      },
    ];
    answerComplaints(() => [complaint({ status: 'acknowledged', firstAnsweredAt: minutesAgo(60), replies })]);
    const sent: unknown[] = [];
    server.use(
      onEndpoint(endpoints.replyToComplaint, async ({ request, params }) => {
        const body = (await request.json()) as { text: string };
        sent.push({ id: params.id, body });
        replies = [
          ...replies,
          {
            _id: 'r3',
            kind: 'reply',
            status: null,
            text: body.text,
            author: { name: 'Sam', role: 'member' },
            createdAt: minutesAgo(0),
          },
        ];
        return HttpResponse.json({ insertedId: 'r3' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderComplaints();

    const card = await cardOf(/The dal was <script>cold<\/script>/);
    const thread = within(card).getByRole('list', { name: 'Replies' });
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Marked acknowledged'),
      expect.stringContaining('We are <b>checking</b> the warmer'),
    ]);
    await user.type(within(card).getByLabelText('Reply'), 'Thank you');
    await user.click(within(card).getByRole('button', { name: 'Send reply' }));

    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(3));
    expect(sent).toEqual([{ id: 'c1', body: { text: 'Thank you' } }]);
    expect(within(card).getByLabelText('Reply')).toHaveValue('');
  });

  it('refuses a blank reply beside the field, and a closed complaint takes no reply', async () => {
    answerComplaints(() => [
      complaint(),
      complaint({ _id: 'c2', status: 'declined', reason: 'Not our kitchen', text: 'Closed one' }),
    ]);
    const user = userEvent.setup();
    renderComplaints();
    const open = await cardOf(/The dal was/);
    await user.click(within(open).getByRole('button', { name: 'Send reply' }));
    expect(await within(open).findByText('Write a reply')).toBeInTheDocument();

    const closed = await cardOf(/Closed one/);
    expect(within(closed).queryByLabelText('Reply')).not.toBeInTheDocument();
    expect(within(closed).getByText(/Not our kitchen/)).toBeInTheDocument();
    expect(within(closed).getByText(/This complaint is declined/)).toBeInTheDocument();
  });

  it('gives staff the time waited, the author, and acknowledge / decline with a required reason', async () => {
    const asked = answerComplaints(() => [
      complaint({ author: { name: 'Sam Student', email: 'student@hostelhub.test' }, urgent: true }),
    ]);
    const changes: unknown[] = [];
    server.use(
      onEndpoint(endpoints.updateComplaint, async ({ request, params }) => {
        changes.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderComplaints(adminSession());
    const card = await cardOf(/The dal was/);
    expect(within(card).getByText(/waiting 1 h 3[45] min/)).toBeInTheDocument();
    expect(within(card).getByText(/From Sam Student \(student@hostelhub.test\)/)).toBeInTheDocument();
    expect(within(card).getByText('Urgent')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(changes).toEqual([{ id: 'c1', body: { status: 'acknowledged', reason: null } }]));

    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this complaint' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Say why it is declined')).toBeInTheDocument();
    expect(changes).toHaveLength(1);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Not about our kitchen');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(changes[1]).toEqual({ id: 'c1', body: { status: 'declined', reason: 'Not about our kitchen' } }),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'open');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'hygiene');
    await waitFor(() => expect(asked.at(-1)).toBe('?status=open&category=hygiene&limit=20'));
  });
});

describe('Complaints for kitchen staff', () => {
  it('shows the author’s name without an email, and offers no filter for complaints about staff', async () => {
    // The API sends staff the author with no email (ADR 68); the page must not print "(null)".
    answerComplaints(() => [complaint({ author: { name: 'Sam Student', email: null } })]);
    renderComplaints(sessionFor({ ...adminProfile, _id: 'uid-staff', role: 'staff', name: 'Kim Kitchen' }));
    const card = await cardOf(/The dal was/);
    expect(within(card).getByText('From Sam Student')).toBeInTheDocument();
    expect(card.textContent).not.toMatch(/@|null/);
    const categories = within(screen.getByRole('combobox', { name: 'Category' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(categories).toContain('Hygiene');
    expect(categories).not.toContain('Staff');
  });

  it('offers admins the complaints about staff', async () => {
    answerComplaints(() => []);
    renderComplaints(adminSession());
    const category = await screen.findByRole('combobox', { name: 'Category' });
    expect(within(category).getByRole('option', { name: 'Staff' })).toBeInTheDocument();
  });
});

describe('Raising a complaint', () => {
  it('sends the meal it is about, the category and the text; hygiene is said to be urgent', async () => {
    server.use(
      onEndpoint(endpoints.dueRatings, () =>
        HttpResponse.json({
          items: [
            {
              servingId: 's1',
              date: '2026-11-24',
              slot: 'lunch',
              meal: { _id: 'dal', title: 'Dal' },
              endsAt: minutesAgo(60),
              rateUntil: minutesAgo(-60),
              rating: null,
            },
          ],
          timeZone: 'Europe/London',
        }),
      ),
    );
    answerComplaints(() => []);
    const sent: unknown[] = [];
    server.use(
      onEndpoint(endpoints.raiseComplaint, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ insertedId: 'c9' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderComplaints();
    const form = await screen.findByRole('form', { name: 'Raise a complaint' });
    await user.click(within(form).getByRole('button', { name: 'Send complaint' }));
    expect(await within(form).findByText('Choose what it is about')).toBeInTheDocument();
    expect(within(form).getByText('Please say what happened')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('About'), 'Lunch · Tue 24 Nov · Dal');
    await user.selectOptions(within(form).getByLabelText('What is it about?'), 'Hygiene');
    expect(within(form).getByText(/always urgent/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('What happened?'), 'A hair in the dal');
    await user.click(within(form).getByRole('button', { name: 'Send complaint' }));
    await waitFor(() =>
      expect(sent).toEqual([{ category: 'hygiene', text: 'A hair in the dal', urgent: false, servingId: 's1' }]),
    );
  });
});
