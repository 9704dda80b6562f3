import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import { catchDownloads, textOf } from '@/testing/downloads';
import { answerInsights, chartNamed, insightsFixture, renderInsightsPage } from '@/testing/insights';
import { lunchHall, onEndpoint, server } from '@/testing/server';
import { InsightsPage } from './pages/insights';

const renderInsights = (search?: string) => renderInsightsPage(InsightsPage, search);

/** The Insights page whose most requested meal has this title, with its downloads caught. */
async function standingsWithTopMeal(title: string) {
  answerInsights((from, to) => {
    const fixture = insightsFixture(from, to);
    const meal = { _id: 'x', title, requests: 50, likes: 0, rating: 0, reviews: 0 };
    return { ...fixture, topMeals: { ...fixture.topMeals, byRequests: [meal] } };
  });
  const files = catchDownloads();
  const user = userEvent.setup();
  renderInsights();
  return { files, user, standings: await chartNamed(/^Most requested/) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Insights: CSV downloads', () => {
  it("downloads a chart's numbers as CSV, plain amounts and months as the table has them", async () => {
    answerInsights();
    const files = catchDownloads();
    const user = userEvent.setup();
    renderInsights();
    const revenue = await chartNamed(/^Revenue rose/);
    await user.click(within(revenue).getByRole('button', { name: 'Download CSV: Revenue by month' }));
    expect(files.map((file) => file.name)).toEqual(['revenue-2026-06-to-2026-11.csv']);
    expect(await textOf(files[0]!.blob)).toBe(
      [
        '"Month","Net revenue","Of which tax","Gross","Refunded","Payments"',
        '"2026-06","450.00","75.00","450.00","0.00","3"',
        '"2026-07","612.50","102.08","612.50","0.00","3"',
        '"2026-08","0.00","0.00","0.00","0.00","0"',
        '"2026-09","800.00","133.33","920.00","120.00","5"',
        '"2026-10","1000.00","166.67","1000.00","0.00","3"',
        '"2026-11","1120.00","186.67","1120.00","0.00","3"',
        '',
      ].join('\r\n'),
    );
  });

  it('neutralises a meal title that a spreadsheet would run as a formula', async () => {
    const { files, user, standings } = await standingsWithTopMeal('=HYPERLINK("http://x","y")');
    // Shown as the text it is.
    expect(within(standings).getByText('=HYPERLINK("http://x","y")')).toBeInTheDocument();
    await user.click(within(standings).getByRole('button', { name: 'Download CSV: Top and bottom meals' }));
    const lines = (await textOf(files[0]!.blob)).split('\r\n');
    expect(lines[1]).toBe(`"Top","1","'=HYPERLINK(""http://x"",""y"")","50","0","0","0"`);
  });

  it('quotes every cell and neutralises a formula after a `;`, for spreadsheets that split on it', async () => {
    const { files, user, standings } = await standingsWithTopMeal('x;=1+1;@SUM(A1);-2');
    await user.click(within(standings).getByRole('button', { name: 'Download CSV: Top and bottom meals' }));
    const lines = (await textOf(files[0]!.blob)).split('\r\n');
    expect(lines[1]).toBe(`"Top","1","x;'=1+1;'@SUM(A1);'-2","50","0","0","0"`);
  });

  it('downloads the payments of the range and every member, with the API token', async () => {
    // 00:30 on 1 July in London (summer time) is still 30 June at UTC: the file has the hostel's date.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-30T23:30:00Z'));
    localStorage.setItem('token', 'admin-token');
    answerInsights();
    const csvAsked: { query: string; authorization: string | null }[] = [];
    const paymentsCsv = 'date,member name\r\n2026-11-02,Mia Member\r\n';
    server.use(
      onEndpoint(endpoints.paymentsExport, ({ request }) => {
        csvAsked.push({ query: new URL(request.url).search, authorization: request.headers.get('authorization') });
        return new HttpResponse(paymentsCsv, { headers: { 'content-type': 'text/csv' } });
      }),
      onEndpoint(
        endpoints.membersExport,
        () => new HttpResponse('name,email\r\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    const files = catchDownloads();
    const user = userEvent.setup();
    renderInsights();
    await chartNamed(/^Revenue rose/);
    await user.click(screen.getByRole('button', { name: 'Download payments CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(csvAsked).toEqual([{ query: '?from=2026-06&to=2026-11', authorization: 'Bearer admin-token' }]);
    expect(files[0]!.name).toBe('payments-2026-06-to-2026-11.csv');
    expect(await textOf(files[0]!.blob)).toBe(paymentsCsv);

    await user.click(screen.getByRole('button', { name: 'Download members CSV' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files[1]!.name).toBe('members-2026-07-01.csv');
    expect(await textOf(files[1]!.blob)).toBe('name,email\r\n');
  });

  it('downloads the payments and members of the hall the page shows, once the hostel has several', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T12:00:00Z'));
    answerInsights();
    const asked: string[] = [];
    const hallAsked = (name: string, request: Request) =>
      asked.push(`${name} ${new URL(request.url).searchParams.get('hall')}`);
    const csv = { headers: { 'content-type': 'text/csv' } };
    server.use(
      onEndpoint(endpoints.halls, () =>
        HttpResponse.json({ halls: [lunchHall('main', 'Main hall'), lunchHall('north', 'North hall')] }),
      ),
      onEndpoint(endpoints.paymentsExport, ({ request }) => {
        hallAsked('payments', request);
        return new HttpResponse('hall\r\n', csv);
      }),
      onEndpoint(endpoints.membersExport, ({ request }) => {
        hallAsked('members', request);
        return new HttpResponse('hall\r\n', csv);
      }),
    );
    const files = catchDownloads();
    const user = userEvent.setup();
    renderInsights();
    await chartNamed(/^Revenue rose/);
    await user.click(screen.getByRole('button', { name: 'Download members CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Hall' }), 'North hall');
    expect(await screen.findByText(/^Payments of June 2026 to November 2026 by North hall’s members/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download payments CSV' }));
    await waitFor(() => expect(files).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Download members CSV' }));
    await waitFor(() => expect(files).toHaveLength(3));
    expect(asked).toEqual(['members null', 'payments north', 'members north']);
    expect(files.map((file) => file.name)).toEqual([
      'members-2026-11-10.csv',
      'payments-2026-06-to-2026-11-north.csv',
      'members-2026-11-10-north.csv',
    ]);
  });

  it('says clearly when an export fails, and saves nothing', async () => {
    answerInsights();
    server.use(
      onEndpoint(endpoints.paymentsExport, () =>
        HttpResponse.json({ message: 'Too many exports, try again in a minute' }, { status: 429 }),
      ),
    );
    const files = catchDownloads();
    const user = userEvent.setup();
    renderInsights();
    await chartNamed(/^Revenue rose/);
    await user.click(screen.getByRole('button', { name: 'Download payments CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payments CSV could not be downloaded: Too many exports, try again in a minute',
    );
    expect(files).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download payments CSV' })).toBeEnabled();
  });
});
