import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import {
  answerInsights,
  chartNamed,
  emptyInsights,
  headingNamed,
  insightsFixture,
  renderInsightsPage,
  revenueMonth,
} from '@/testing/insights';
import { lunchHall, onEndpoint, server } from '@/testing/server';
import { textsOf } from '@/testing/queries';
import { InsightsPage } from './pages/insights';

const renderInsights = (search?: string) => renderInsightsPage(InsightsPage, search);

/** Chooses Custom, types the first and last month and presses Show; gives the two fields. */
async function showCustomRange(user: ReturnType<typeof userEvent.setup>, first: string, last: string) {
  await user.click(screen.getByRole('radio', { name: 'Custom' }));
  const from = screen.getByLabelText('From month');
  const to = screen.getByLabelText('To month');
  await user.clear(from);
  await user.type(from, first);
  await user.clear(to);
  await user.type(to, last);
  await user.click(screen.getByRole('button', { name: 'Show' }));
  return { from, to };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Insights: the charts and their tables', () => {
  it('shows the revenue of each month as a table with the same numbers as the answer', async () => {
    answerInsights();
    const user = userEvent.setup();
    renderInsights();
    const revenue = await chartNamed(/^Revenue rose/);
    expect(within(revenue).getByRole('img', { name: /^Revenue rose/ })).toBeInTheDocument();

    const toggle = within(revenue).getByRole('button', { name: 'View as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = within(revenue).getByRole('table', { name: 'Revenue by month' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => textsOf(row, 'cell'))).toEqual([
      ['Jun 2026', '$450.00', '$75.00', '$450.00', '$0.00', '3'],
      ['Jul 2026', '$612.50', '$102.08', '$612.50', '$0.00', '3'],
      ['Aug 2026', '$0.00', '$0.00', '$0.00', '$0.00', '0'],
      ['Sep 2026', '$800.00', '$133.33', '$920.00', '$120.00', '5'],
      ['Oct 2026', '$1,000.00', '$166.67', '$1,000.00', '$0.00', '3'],
      ['Nov 2026', '$1,120.00', '$186.67', '$1,120.00', '$0.00', '3'],
    ]);
    // The picture is gone while the table is shown, and back with the second press.
    expect(within(revenue).queryByRole('img')).toBeNull();
    await user.click(toggle);
    expect(within(revenue).getByRole('img', { name: /^Revenue rose/ })).toBeInTheDocument();
  });

  it('shows members per tier and the meals of each day as tables equal to the answer', async () => {
    answerInsights();
    const user = userEvent.setup();
    renderInsights();
    const members = await chartNamed(/^Members rose/);
    await user.click(within(members).getByRole('button', { name: 'View as table' }));
    const memberTable = within(members).getByRole('table', { name: 'Members by tier' });
    expect(textsOf(memberTable, 'columnheader')).toEqual(['Month', 'Silver', 'Gold', 'Platinum', 'Total']);
    expect(within(memberTable).getAllByRole('row')[4]!.textContent).toBe(['Sep 2026', '6', '3', '1', '10'].join(''));

    const meals = await chartNamed(/were served/);
    await user.click(within(meals).getByRole('button', { name: 'View as table' }));
    const mealRows = within(within(meals).getByRole('table', { name: 'Meals per day' }))
      .getAllByRole('row')
      .slice(1);
    expect(mealRows.map((row) => textsOf(row, 'cell'))).toEqual([
      ['Mon 2 Nov', '10', '8', '6', '2', '2'],
      ['Tue 3 Nov', '12', '12', '9', '1', '1'],
    ]);
  });

  it('compares the halls with a total, once the hostel has several', async () => {
    answerInsights();
    const user = userEvent.setup();
    renderInsights();
    // Of the reservations whose meal is over (served or not collected): cancelled ones are neither.
    const halls = await chartNamed(
      'North hall served 10 of its 11 reservations whose meal is over (91%), Main hall 30 of 36 (83%)',
    );
    await user.click(within(halls).getByRole('button', { name: 'View as table' }));
    const rows = within(within(halls).getByRole('table', { name: 'Meals by hall' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => textsOf(row, 'cell'))).toEqual([
      ['Main hall', '40', '30', '4', '6'],
      ['North hall', '12', '10', '1', '1'],
      ['Total', '52', '40', '5', '7'],
    ]);
  });

  it('shows one hall’s page, kept in the address with the range, and every hall again', async () => {
    const asked = answerInsights();
    server.use(
      onEndpoint(endpoints.halls, () =>
        HttpResponse.json({ halls: [lunchHall('main', 'Main hall'), lunchHall('north', 'North hall')] }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderInsights('?from=2026-06&to=2026-11');
    await chartNamed(/^Revenue rose/);
    const picker = screen.getByRole('combobox', { name: 'Hall' });
    expect(textsOf(picker, 'option')).toEqual(['Every hall', 'Main hall', 'North hall']);

    await user.selectOptions(picker, 'North hall');
    await waitFor(() => expect(asked.at(-1)).toBe('2026-06..2026-11 at north'));
    expect(router.state.location.search).toBe('?from=2026-06&to=2026-11&hall=north');
    expect(screen.getByText(/^North hall’s reservations, meals, ratings and its members’ payments/)).toBeVisible();

    // Another range keeps the hall.
    await user.click(screen.getByRole('radio', { name: 'Last 3 months' }));
    expect(router.state.location.search).toBe('?range=last-3&hall=north');
    await waitFor(() => expect(asked.at(-1)).toMatch(/ at north$/));

    await user.selectOptions(picker, 'Every hall');
    expect(router.state.location.search).toBe('?range=last-3');
    await waitFor(() => expect(asked.at(-1)).not.toMatch(/ at /));
    expect(screen.queryByText(/^North hall’s reservations/)).not.toBeInTheDocument();
  });

  it('shows every hall, and says so, for a hall in the address the hostel does not have', async () => {
    const asked = answerInsights();
    server.use(
      onEndpoint(endpoints.halls, () =>
        HttpResponse.json({ halls: [lunchHall('main', 'Main hall'), lunchHall('north', 'North hall')] }),
      ),
    );
    renderInsights('?from=2026-06&to=2026-11&hall=south');
    await chartNamed(/^Revenue rose/);
    expect(
      screen.getByText('The hall in the address is not one of the hostel’s, so every hall is shown.'),
    ).toBeVisible();
    // Asked once the halls were known, and of every hall.
    expect(asked).toEqual(['2026-06..2026-11']);
  });

  it('says no hall’s reserved meal is over yet, rather than a share of none', async () => {
    answerInsights((from, to) => ({
      ...insightsFixture(from, to),
      halls: insightsFixture(from, to).halls.map((hall) => ({ ...hall, served: 0, notCollected: 0 })),
    }));
    renderInsights();
    expect(await chartNamed('No reserved meal at any hall is over yet in this range')).toBeVisible();
  });

  it('shows nothing of halls when the hostel has one', async () => {
    answerInsights((from, to) => ({
      ...insightsFixture(from, to),
      halls: insightsFixture(from, to).halls.slice(0, 1),
    }));
    renderInsights();
    await chartNamed(/were served/);
    expect(screen.queryByRole('heading', { name: 'Meals by hall' })).not.toBeInTheDocument();
  });

  it('states each finding in words computed from the numbers', async () => {
    // December: November is a whole month.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T12:00:00Z'));
    answerInsights();
    const user = userEvent.setup();
    renderInsights();
    // 1,120.00 against 1,000.00 in October: 12% up.
    expect(await chartNamed('Revenue rose 12% in November 2026 to $1,120.00')).toBeInTheDocument();
    expect(headingNamed('Members rose from 6 to 12 from June 2026 to November 2026')).toBeInTheDocument();
    expect(headingNamed('15 members joined and 3 left from June 2026 to November 2026')).toBeInTheDocument();
    expect(headingNamed('15 of 22 meals requested were served; 3 cancelled, 3 not collected')).toBeInTheDocument();
    expect(
      headingNamed('Dinner has the most no-shows: 33% of its reservations were not collected'),
    ).toBeInTheDocument();
    expect(headingNamed('Busiest: Friday dinner, 48 reservations')).toBeInTheDocument();
    const standings = await chartNamed('Most requested: Pho (42 requests); least requested: Lentil Soup (1 request)');
    await user.click(within(standings).getByRole('radio', { name: 'Rating' }));
    expect(
      within(standings).getByRole('heading', {
        level: 2,
        name: 'Best rated: Green Curry (4.8); lowest rated: Lentil Soup (2.0)',
      }),
    ).toBeInTheDocument();
  });

  it('says when revenue fell, and names the one month of a one-month range', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T12:00:00Z'));
    answerInsights((from, to) => ({
      ...insightsFixture(from, to),
      revenue: [revenueMonth('2026-10', 100_000), revenueMonth('2026-11', 75_000)],
    }));
    const first = renderInsights('?from=2026-10&to=2026-11');
    expect(await chartNamed('Revenue fell 25% in November 2026 to $750.00')).toBeInTheDocument();
    first.unmount();

    answerInsights((from, to) => ({ ...insightsFixture(from, to), revenue: [revenueMonth('2026-11', 75_000)] }));
    renderInsights('?from=2026-11&to=2026-11');
    expect(await chartNamed('Revenue in November 2026: $750.00')).toBeInTheDocument();
  });

  it('speaks of the last whole month when the range ends with the month under way', async () => {
    // 20 November: November is under way, October is the last whole month.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
    answerInsights();
    const first = renderInsights();
    // October's 1,000.00 against September's 800.00: 25% up; November's 1,120.00 is said apart.
    expect(
      await chartNamed('Revenue rose 25% in October 2026 to $1,000.00; November 2026 so far: $1,120.00'),
    ).toBeInTheDocument();
    first.unmount();

    answerInsights((from, to) => ({ ...insightsFixture(from, to), revenue: [revenueMonth('2026-11', 75_000)] }));
    renderInsights('?from=2026-11&to=2026-11');
    expect(await chartNamed('Revenue in November 2026 so far: $750.00')).toBeInTheDocument();
  });
});

describe('Insights: the range', () => {
  it('asks for the last 12 months of the hostel by default, then for the range chosen, kept in the address', async () => {
    // 23:30 on 30 June at UTC is already 1 July in London (summer time): July is this month.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-30T23:30:00Z'));
    const asked = answerInsights();
    const user = userEvent.setup();
    const { router } = renderInsights('');
    await chartNamed(/^Revenue/);
    expect(asked).toEqual(['2025-08..2026-07']);
    expect(screen.getByRole('radio', { name: 'Last 12 months' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Last 3 months' }));
    await waitFor(() => expect(asked.at(-1)).toBe('2026-05..2026-07'));
    expect(router.state.location.search).toBe('?range=last-3');

    await user.click(screen.getByRole('radio', { name: 'This month' }));
    await waitFor(() => expect(asked.at(-1)).toBe('2026-07..2026-07'));
    expect(screen.getByText(/^Showing July 2026/)).toBeInTheDocument();

    await showCustomRange(user, '2026-01', '2026-04');
    await waitFor(() => expect(asked.at(-1)).toBe('2026-01..2026-04'));
    expect(router.state.location.search).toBe('?from=2026-01&to=2026-04');
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
  });

  it('refuses a custom range that ends before it starts or is too long, asking for nothing', async () => {
    const asked = answerInsights();
    const user = userEvent.setup();
    renderInsights('?range=last-3');
    await chartNamed(/^Revenue/);
    const before = asked.length;
    const { from } = await showCustomRange(user, '2026-05', '2026-02');
    expect(await screen.findByText('The first month must not be after the last')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');

    await user.clear(from);
    await user.type(from, '2023-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('At most 24 months at once')).toBeInTheDocument();
    expect(asked.length).toBe(before);
  });

  it('falls back to the last 12 months when the address holds no readable range', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
    const asked = answerInsights();
    renderInsights('?from=2026-13&to=%3DSUM(A1)');
    await chartNamed(/^Revenue/);
    expect(asked).toEqual(['2025-12..2026-11']);
    expect(screen.getByText(/could not be read, so the last 12 months are shown/)).toBeInTheDocument();
  });
});

describe('Insights: loading, empty and failing', () => {
  it('shows a loading state, then says what a range without data holds', async () => {
    answerInsights(emptyInsights);
    renderInsights('?from=2026-11&to=2026-11');
    expect(screen.getByRole('status')).toHaveTextContent('Loading insights');
    expect(await screen.findByText('No payments in this range')).toBeInTheDocument();
    expect(screen.getByText('No members in this range')).toBeInTheDocument();
    expect(screen.getByText('No meal requests in this range')).toBeInTheDocument();
    expect(screen.getByText('No reservations in this range')).toBeInTheDocument();
    const revenue = screen.getByRole('heading', { level: 2, name: 'Revenue by month' }).closest('section')!;
    // Nothing to draw, tabulate or download.
    expect(within(revenue).queryByRole('button')).toBeNull();
  });

  it('says the page could not be loaded, with the reason, and tries again', async () => {
    let calls = 0;
    server.use(
      onEndpoint(endpoints.insights, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'The rollups could not be read' }, { status: 500 })
          : HttpResponse.json(insightsFixture());
      }),
    );
    const user = userEvent.setup();
    renderInsights();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Insights could not be loaded');
    expect(alert).toHaveTextContent('The rollups could not be read');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await chartNamed(/^Revenue rose/)).toBeInTheDocument();
  });
});

describe('Satisfaction', () => {
  it('shows the ratings per slot, the lowest-rated meals with their comments as text, and the complaints', async () => {
    answerInsights();
    renderInsights();
    await chartNamed(/^Lunch is rated lowest, 3\.1 of 5 \(35 ratings in all\)/);
    const lowest = await chartNamed(/^Lentil Soup is the lowest-rated meal, 2\.2 of 5 \(4 ratings\)/);
    // A comment is the resident's text, never markup.
    expect(within(lowest).getByText('<i>Too salty</i>')).toBeInTheDocument();
    await chartNamed(/^5 complaints, most about food quality; first answered after 2 h on average/);
    await chartNamed('Complaints were first answered after 2 h on average');
  });
});
