import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catchDownloads, textOf } from '@/testing/downloads';
import { answerInsights, chartNamed, emptyInsights, insightsFixture, renderInsightsPage } from '@/testing/insights';
import { textsOf } from '@/testing/queries';
import { InsightsPage } from './pages/insights';

// Leave (ADR 74): the days members were away on approved leave each month, and the credit
// those leaves earned; GET /insights answers every month of the range.
const withLeave = (from: string, to: string) => ({
  ...insightsFixture(from, to),
  leave: [
    { month: '2026-09', days: 0, creditCents: 0 },
    { month: '2026-10', days: 12, creditCents: 4_800 },
    { month: '2026-11', days: 7, creditCents: 2_800 },
  ],
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Insights: leave', () => {
  it('says the days on leave and the credit in words, and shows them per month as a table and a CSV', async () => {
    answerInsights(withLeave);
    const files = catchDownloads();
    const user = userEvent.setup();
    renderInsightsPage(InsightsPage);
    const leave = await chartNamed('19 days of leave from October 2026 to November 2026, earning $76.00 of credit');
    expect(within(leave).getByRole('img', { name: /^19 days of leave/ })).toBeInTheDocument();

    await user.click(within(leave).getByRole('button', { name: 'View as table' }));
    const table = within(leave).getByRole('table', { name: 'Leave by month' });
    expect(textsOf(table, 'columnheader')).toEqual(['Month', 'Days on leave', 'Credit']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => textsOf(row, 'cell')),
    ).toEqual([
      ['Sep 2026', '0', '$0.00'],
      ['Oct 2026', '12', '$48.00'],
      ['Nov 2026', '7', '$28.00'],
    ]);

    await user.click(within(leave).getByRole('button', { name: 'Download CSV: Leave by month' }));
    expect(files.map((file) => file.name)).toEqual(['leave-2026-06-to-2026-11.csv']);
    expect(await textOf(files[0]!.blob)).toBe(
      [
        '"Month","Days on leave","Credit"',
        '"2026-09","0","0.00"',
        '"2026-10","12","48.00"',
        '"2026-11","7","28.00"',
        '',
      ].join('\r\n'),
    );
  });

  it('says so when no one was on leave in the range', async () => {
    answerInsights((from, to) => ({
      ...emptyInsights(from, to),
      leave: [{ month: from, days: 0, creditCents: 0 }],
    }));
    renderInsightsPage(InsightsPage);
    const leave = await chartNamed('Leave by month');
    expect(within(leave).getByText('No leave in this range')).toBeInTheDocument();
    expect(within(leave).queryByRole('button', { name: 'View as table' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /days of leave/ })).not.toBeInTheDocument();
  });
});
