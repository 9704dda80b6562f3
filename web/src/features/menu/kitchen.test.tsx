import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { countedOf, endpoints, type Hall, type KitchenDay, type KitchenServing } from '@hostelhub/contracts';
import { catchDownloads, textOf } from '@/testing/downloads';
import { makeServing, testTimeZone, today } from '@/testing/menu';
import { adminProfile, renderPage, sessionFor } from '@/testing/render';
import { onEndpoint, recordQueries, server } from '@/testing/server';
import { KitchenPage } from './pages/kitchen';

const kitchenServing = (overrides: Partial<KitchenServing> & { title: string; mealId: string }): KitchenServing => {
  const { title, mealId, ...rest } = overrides;
  const serving = makeServing({ slot: rest.slot ?? 'lunch' });
  const counts = { reserved: 0, members: null, onLeave: 0, skipped: 0, ...rest };
  return {
    _id: serving._id,
    hallId: serving.hallId,
    slot: serving.slot,
    startsAt: serving.startsAt,
    endsAt: serving.endsAt,
    cutoffAt: serving.cutoffAt,
    meal: { _id: mealId, title },
    served: 0,
    capacity: null,
    ...rest,
    ...counts,
    counted: countedOf(counts),
  };
};

const day = (date: string, servings: KitchenServing[]): KitchenDay => ({
  date,
  timeZone: testTimeZone,
  closed: null,
  servings,
});

const renderKitchen = () => renderPage('/dashboard/kitchen', KitchenPage, sessionFor(adminProfile));

describe('The kitchen view', () => {
  it("counts today's servings and the portions to prepare with the margin", async () => {
    const asked = recordQueries(endpoints.kitchen, (query) =>
      HttpResponse.json(
        day(query.get('date') ?? today(), [
          kitchenServing({ _id: 'l1', title: 'Lentil Soup', mealId: 'soup', reserved: 18, served: 4, capacity: 20 }),
          kitchenServing({ _id: 'd1', slot: 'dinner', title: 'Pho', mealId: 'pho', reserved: 7, served: 0 }),
        ]),
      ),
    );
    const user = userEvent.setup();
    renderKitchen();

    const servings = await screen.findByRole('table', { name: /^Servings on/ });
    const soupRow = within(servings).getByRole('cell', { name: 'Lentil Soup' }).closest('tr')!;
    expect(within(soupRow).getByText('18')).toBeInTheDocument();
    expect(within(soupRow).getByText('4')).toBeInTheDocument();
    expect(within(soupRow).getByText('2')).toBeInTheDocument();
    const phoRow = within(servings).getByRole('cell', { name: 'Pho' }).closest('tr')!;
    expect(within(phoRow).getByText('No limit')).toBeInTheDocument();
    // Today by default: the first read names no date.
    expect(asked[0]!.get('date')).toBeNull();
    expect(screen.getByLabelText('Day')).toHaveValue(today());

    // 18 + 10% = 19.8, 7 + 10% = 7.7: rounded up.
    expect(screen.getByTestId('portions-lunch-soup')).toHaveTextContent('20');
    expect(screen.getByTestId('portions-dinner-pho')).toHaveTextContent('8');
    const margin = screen.getByLabelText('Margin (%)');
    await user.clear(margin);
    await user.type(margin, '50');
    expect(screen.getByTestId('portions-lunch-soup')).toHaveTextContent('27');
    expect(screen.getByTestId('portions-dinner-pho')).toHaveTextContent('11');
  });

  it('counts every member of the hall, less leave and skips, where members are booked by default', async () => {
    recordQueries(endpoints.kitchen, () =>
      HttpResponse.json(
        day(today(), [
          kitchenServing({
            _id: 'l1',
            title: 'Lentil Soup',
            mealId: 'soup',
            members: 40,
            onLeave: 3,
            skipped: 5,
            reserved: 2,
          }),
        ]),
      ),
    );
    renderKitchen();
    // 40 - 3 - 5 + 2 from other halls = 34; with 10%: 37.4, rounded up.
    expect(await screen.findByTestId('counted-l1')).toHaveTextContent('34');
    expect(screen.getByTestId('counted-l1')).toHaveTextContent('40 members, 3 on leave, 5 skipped');
    expect(screen.getAllByRole('columnheader', { name: 'Counted' })).toHaveLength(2);
    expect(screen.getByTestId('portions-lunch-soup')).toHaveTextContent('38');
    expect(screen.getByText(/the members counted plus 10%/)).toBeInTheDocument();
  });

  it('downloads the production sheet as CSV with the margin set', async () => {
    const csv = 'slot,meal,reserved,portions\r\nLunch,Lentil Soup,18,24\r\n';
    let csvQuery: URLSearchParams | null = null;
    server.use(
      // Untyped: the route answers text/csv here, not the entry's JSON.
      http.get(`*/api${endpoints.kitchen.path}`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('format') === 'csv') {
          csvQuery = params;
          return new HttpResponse(csv, { headers: { 'content-type': 'text/csv' } });
        }
        return HttpResponse.json(
          day(today(), [kitchenServing({ title: 'Lentil Soup', mealId: 'soup', reserved: 18 })]),
        );
      }),
    );
    const files = catchDownloads();
    const user = userEvent.setup();
    renderKitchen();
    await screen.findByRole('table', { name: /^Servings on/ });
    const margin = screen.getByLabelText('Margin (%)');
    await user.clear(margin);
    await user.type(margin, '30');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe(`production-sheet-${today()}.csv`);
    expect(csvQuery!.get('margin')).toBe('30');
    expect(csvQuery!.get('date')).toBe(today());
    expect(await textOf(files[0]!.blob)).toBe(csv);
    vi.restoreAllMocks();
  });

  it('says when the day is closed and nothing is served', async () => {
    server.use(
      onEndpoint(endpoints.kitchen, () =>
        HttpResponse.json({ ...day(today(), []), closed: { note: 'Public holiday' } }),
      ),
    );
    renderKitchen();
    expect(await screen.findByText('Public holiday')).toBeInTheDocument();
    expect(screen.getByText('Nothing to prepare.')).toBeInTheDocument();
  });

  it('shows one hall’s day once the hostel has several, and staff only the halls they work at', async () => {
    const halls: Hall[] = [
      { _id: 'east', name: 'East Hall', slots: ['lunch'], closedDays: [], memberLimit: null },
      { _id: 'north', name: 'North Hall', slots: ['lunch'], closedDays: [], memberLimit: null },
      { _id: 'west', name: 'West Hall', slots: ['lunch'], closedDays: [], memberLimit: null },
    ];
    const asked = recordQueries(endpoints.kitchen, (query) =>
      HttpResponse.json(
        day(today(), [
          kitchenServing({ _id: 'w1', hallId: 'west', title: 'Pho', mealId: 'pho', reserved: 3 }),
          ...(query.get('hall') === 'west'
            ? []
            : [kitchenServing({ _id: 'e1', hallId: 'east', title: 'Dal', mealId: 'dal', reserved: 5 })]),
        ]),
      ),
    );
    server.use(onEndpoint(endpoints.halls, () => HttpResponse.json({ halls })));
    const user = userEvent.setup();
    renderPage(
      '/dashboard/kitchen',
      KitchenPage,
      sessionFor({ ...adminProfile, role: 'staff', hallIds: ['east', 'west'] }),
    );
    const hall = await screen.findByRole('combobox', { name: 'Hall' });
    expect(
      within(hall)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['My halls', 'East Hall', 'West Hall']);
    expect(asked[0]!.get('hall')).toBeNull();
    await user.selectOptions(hall, 'West Hall');
    await waitFor(() => expect(asked.at(-1)!.get('hall')).toBe('west'));
    const servings = await screen.findByRole('table', { name: /^Servings on/ });
    await waitFor(() => expect(within(servings).queryByRole('cell', { name: 'Dal' })).not.toBeInTheDocument());
    expect(within(servings).getByRole('cell', { name: 'Pho' })).toBeInTheDocument();
  });
});
