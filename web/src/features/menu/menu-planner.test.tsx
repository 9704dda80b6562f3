import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { addDays, endpoints, mondayOf, type Hall, type Serving } from '@hostelhub/contracts';
import { answerDialog, dismissDialog, expectDialog } from '@/testing/dialogs';
import { makeMeal } from '@/testing/meals';
import { makeMenu, makeServing, today } from '@/testing/menu';
import { adminProfile, renderPage, sessionFor } from '@/testing/render';
import { onEndpoint, recordBodies, server } from '@/testing/server';
import { MenuPlannerPage } from './pages/menu-planner';

const monday = () => mondayOf(today());

/** The API's menu over `servings` and `closed`, answering both today's and the week's reads. */
function fakeMenuApi(state: { servings: Serving[]; closed: Record<string, string> }) {
  server.use(
    onEndpoint(endpoints.menu, ({ request }) => {
      const url = new URL(request.url);
      const from = url.searchParams.get('from') ?? today();
      const days = Number(url.searchParams.get('days') ?? 7);
      return HttpResponse.json(makeMenu(state.servings, { from, days, closed: state.closed }));
    }),
  );
}

const renderPlanner = () => renderPage('/dashboard/menu-planner', MenuPlannerPage, sessionFor(adminProfile));

const dayOf = (date: string) => screen.findByTestId(`planner-day-${date}`);

describe('The menu planner', () => {
  // sweetalert2 already loaded, as in a visit that has shown a message: a message opened while
  // a closing form is still on the page would open inside it and go with it.
  beforeAll(async () => {
    await import('sweetalert2');
  });

  it('shows the week from Monday by slot, and adds a meal found in the catalogue to a slot', async () => {
    const state = { servings: [] as Serving[], closed: {} as Record<string, string> };
    fakeMenuApi(state);
    let added: unknown = null;
    let searched: string | null = null;
    server.use(
      onEndpoint(endpoints.meals, ({ request }) => {
        searched = new URL(request.url).searchParams.get('search');
        const meals = [makeMeal({ _id: 'soup', title: 'Lentil Soup' })];
        return HttpResponse.json({ meals, total: 1, nextCursor: null });
      }),
      onEndpoint(endpoints.addServing, async ({ request }) => {
        added = await request.json();
        state.servings.push(
          makeServing({
            _id: 'new',
            date: today(),
            meal: { ...makeServing().meal, _id: 'soup', title: 'Lentil Soup' },
          }),
        );
        return HttpResponse.json({ insertedId: 'new' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPlanner();

    expect(await screen.findAllByTestId(/^planner-day-/)).toHaveLength(7);
    expect(screen.getAllByTestId(/^planner-day-/)[0]).toHaveAttribute('data-testid', `planner-day-${monday()}`);
    const day = await dayOf(today());
    await user.click(within(day).getByRole('button', { name: /^Add a meal: Lunch/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Search the meals'), 'lentil');
    await user.type(within(dialog).getByLabelText('Capacity (blank: no limit)'), '2');
    await waitFor(() => expect(searched).toBe('lentil'));
    await user.click(await within(dialog).findByRole('button', { name: 'Add Lentil Soup' }));
    await expectDialog('Added to the menu');
    await dismissDialog(user);
    expect(added).toEqual({ mealId: 'soup', date: today(), slot: 'lunch', capacity: 2 });
    expect(await within(await dayOf(today())).findByText('Lentil Soup')).toBeInTheDocument();
  });

  it('asks which hall when the hostel has several, offering those serving the slot that day', async () => {
    fakeMenuApi({ servings: [], closed: {} });
    const halls = [
      { _id: 'east', name: 'East Hall', slots: ['breakfast', 'lunch', 'dinner'], closedDays: [], memberLimit: null },
      { _id: 'garden', name: 'Garden Hall', slots: ['lunch', 'dinner'], closedDays: [], memberLimit: null },
      { _id: 'north', name: 'North Hall', slots: ['lunch'], closedDays: [today()], memberLimit: null },
      { _id: 'west', name: 'West Hall', slots: ['dinner'], closedDays: [], memberLimit: null },
    ] satisfies Hall[];
    const added = recordBodies(endpoints.addServing, () => HttpResponse.json({ insertedId: 'new' }, { status: 201 }));
    server.use(
      onEndpoint(endpoints.halls, () => HttpResponse.json({ halls })),
      onEndpoint(endpoints.meals, () =>
        HttpResponse.json({ meals: [makeMeal({ _id: 'soup', title: 'Lentil Soup' })], total: 1, nextCursor: null }),
      ),
    );
    const user = userEvent.setup();
    renderPlanner();
    await user.click(within(await dayOf(today())).getByRole('button', { name: /^Add a meal: Lunch/ }));
    const dialog = await screen.findByRole('dialog');
    const hall = await within(dialog).findByRole('combobox', { name: 'Hall' });
    expect(
      within(hall)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a hall', 'East Hall', 'Garden Hall']);
    expect(hall).toHaveDisplayValue('East Hall');
    await user.selectOptions(hall, 'Garden Hall');
    await user.click(await within(dialog).findByRole('button', { name: 'Add Lentil Soup' }));
    await expectDialog('Added to the menu');
    await dismissDialog(user);
    expect(added).toEqual([{ mealId: 'soup', date: today(), slot: 'lunch', capacity: null, hallId: 'garden' }]);
  });

  it('waits for the halls before adding, so a quick click still names the hall', async () => {
    fakeMenuApi({ servings: [], closed: {} });
    const halls = [
      { _id: 'east', name: 'East Hall', slots: ['lunch'], closedDays: [], memberLimit: null },
      { _id: 'west', name: 'West Hall', slots: ['lunch'], closedDays: [], memberLimit: null },
    ] satisfies Hall[];
    let answerHalls: () => void = () => {};
    const hallsAnswered = new Promise<void>((resolve) => (answerHalls = resolve));
    const added = recordBodies(endpoints.addServing, () => HttpResponse.json({ insertedId: 'new' }, { status: 201 }));
    server.use(
      onEndpoint(endpoints.halls, async () => {
        await hallsAnswered;
        return HttpResponse.json({ halls });
      }),
      onEndpoint(endpoints.meals, () =>
        HttpResponse.json({ meals: [makeMeal({ _id: 'soup', title: 'Lentil Soup' })], total: 1, nextCursor: null }),
      ),
    );
    const user = userEvent.setup();
    renderPlanner();
    await user.click(within(await dayOf(today())).getByRole('button', { name: /^Add a meal: Lunch/ }));
    const dialog = await screen.findByRole('dialog');
    const add = await within(dialog).findByRole('button', { name: 'Add Lentil Soup' });
    // Whether the serving must name a hall is not known yet.
    expect(add).toBeDisabled();
    answerHalls();
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await expectDialog('Added to the menu');
    await dismissDialog(user);
    expect(added).toEqual([{ mealId: 'soup', date: today(), slot: 'lunch', capacity: null, hallId: 'east' }]);
  });

  it('removes a serving after confirmation, and shows why the API refuses one with reservations', async () => {
    const lunch = makeServing({ _id: 'lunch', date: today(), meal: { ...makeServing().meal, title: 'Pho' } });
    const booked = makeServing({ _id: 'booked', date: today(), slot: 'dinner', reserved: 3 });
    const state = { servings: [lunch, booked], closed: {} };
    fakeMenuApi(state);
    server.use(
      onEndpoint(endpoints.deleteServing, ({ params }) => {
        if (params.id === 'booked')
          return HttpResponse.json({ message: 'Dinner on Tue 25 Nov has 3 reservations' }, { status: 409 });
        state.servings = state.servings.filter((serving) => serving._id !== params.id);
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderPlanner();

    const day = await dayOf(today());
    await user.click(within(day).getByRole('button', { name: /^Remove Pho/ }));
    await answerDialog(user, /yes, remove it/i);
    await waitFor(() => expect(within(day).queryByText('Pho')).not.toBeInTheDocument());

    await user.click(within(day).getByRole('button', { name: new RegExp(`^Remove ${booked.meal.title}`) }));
    await answerDialog(user, /yes, remove it/i);
    await expectDialog('Dinner on Tue 25 Nov has 3 reservations');
    await dismissDialog(user);
    expect(within(day).getByText(booked.meal.title)).toBeInTheDocument();
  });

  it('copies the previous week into this one', async () => {
    const state = { servings: [] as Serving[], closed: {} };
    fakeMenuApi(state);
    let copied: unknown = null;
    server.use(
      onEndpoint(endpoints.copyWeek, async ({ request }) => {
        copied = await request.json();
        return HttpResponse.json({ inserted: 4, skipped: 1 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPlanner();
    await dayOf(today());
    await user.click(screen.getByRole('button', { name: 'Copy previous week' }));
    await answerDialog(user, /^copy$/i);
    await expectDialog('Copied 4 servings', '1 skipped: already planned, or a day or meal time closed there');
    await dismissDialog(user);
    expect(copied).toEqual({ fromWeek: addDays(monday(), -7), toWeek: monday() });
  });

  it('plans one hall at a time once there are several, and copies a week from another hall', async () => {
    const state = { servings: [] as Serving[], closed: {} };
    fakeMenuApi(state);
    const halls = [
      { _id: 'east', name: 'East Hall', slots: ['breakfast', 'lunch', 'dinner'], closedDays: [], memberLimit: null },
      { _id: 'garden', name: 'Garden Hall', slots: ['lunch', 'dinner'], closedDays: [], memberLimit: null },
    ] satisfies Hall[];
    const weeks: (string | null)[] = [];
    const copies = recordBodies(endpoints.copyWeek, () =>
      HttpResponse.json({ inserted: 2, skipped: 0 }, { status: 201 }),
    );
    server.use(
      onEndpoint(endpoints.halls, () => HttpResponse.json({ halls })),
      onEndpoint(endpoints.meals, () => HttpResponse.json({ meals: [], total: 0, nextCursor: null })),
      onEndpoint(endpoints.menu, ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('days') !== '1') weeks.push(url.searchParams.get('hall'));
        return HttpResponse.json(makeMenu([], { from: url.searchParams.get('from') ?? today(), days: 7 }));
      }),
    );
    const user = userEvent.setup();
    renderPlanner();
    const hall = await screen.findByRole('combobox', { name: 'Hall' });
    expect(hall).toHaveDisplayValue('East Hall');
    await user.selectOptions(hall, 'Garden Hall');
    await waitFor(() => expect(weeks).toContain('garden'));
    expect(weeks[0]).toBe('east');

    // Add starts at the planner's hall.
    await user.click(within(await dayOf(today())).getByRole('button', { name: /^Add a meal: Lunch/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('combobox', { name: 'Hall' })).toHaveDisplayValue('Garden Hall');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Copy previous week' }));
    await answerDialog(user, /^copy$/i);
    await expectDialog('Copied 2 servings');
    await dismissDialog(user);
    expect(screen.getByRole('combobox', { name: 'Copy this week from' })).toHaveDisplayValue('East Hall');
    await user.click(screen.getByRole('button', { name: 'Copy from that hall' }));
    await answerDialog(user, /^copy$/i);
    await expectDialog('Copied 2 servings');
    await dismissDialog(user);
    expect(copies).toEqual([
      { fromWeek: addDays(monday(), -7), toWeek: monday(), fromHall: 'garden' },
      { fromWeek: monday(), toWeek: monday(), fromHall: 'east', toHall: 'garden' },
    ]);
  });

  it('closes a day with a note and opens it again', async () => {
    const state = { servings: [] as Serving[], closed: {} as Record<string, string> };
    fakeMenuApi(state);
    let note: unknown = null;
    server.use(
      onEndpoint(endpoints.closeDay, async ({ params, request }) => {
        note = await request.json();
        state.closed[params.date as string] = (note as { note: string }).note;
        return HttpResponse.json({ modifiedCount: 1 });
      }),
      onEndpoint(endpoints.reopenDay, ({ params }) => {
        delete state.closed[params.date as string];
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderPlanner();
    const day = await dayOf(today());
    await user.click(within(day).getByRole('button', { name: /^Close / }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close the day' }));
    expect(await within(dialog).findByText('note is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note for residents'), 'Public holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Close the day' }));
    expect(await within(day).findByText('Public holiday')).toBeInTheDocument();
    expect(note).toEqual({ note: 'Public holiday' });
    expect(within(day).queryByRole('button', { name: /^Add a meal/ })).not.toBeInTheDocument();

    await user.click(within(day).getByRole('button', { name: /^Reopen/ }));
    await waitFor(() => expect(within(day).queryByText('Public holiday')).not.toBeInTheDocument());
    expect(within(day).getAllByRole('button', { name: /^Add a meal/ })).toHaveLength(3);
  });

  it('says so when another admin changed the serving meanwhile, and shows their version', async () => {
    const lunch = makeServing({ _id: 'lunch', date: today(), capacity: 10, version: 3 });
    const state = { servings: [lunch], closed: {} };
    fakeMenuApi(state);
    let patch: unknown = null;
    server.use(
      onEndpoint(endpoints.updateServing, async ({ request }) => {
        patch = await request.json();
        // Someone else set the capacity to 12 first.
        state.servings = [{ ...lunch, capacity: 12, version: 4 }];
        return HttpResponse.json({ message: 'This serving was changed by someone else' }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderPlanner();
    const day = await dayOf(today());
    expect(within(day).getByText(/0\/10/)).toBeInTheDocument();
    await user.click(within(day).getByRole('button', { name: /^Change / }));
    const capacity = await screen.findByLabelText('Capacity (blank: no limit)');
    await user.clear(capacity);
    await user.type(capacity, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectDialog(
      'This serving was changed meanwhile',
      'This serving was changed by someone else. The planner now shows the latest version.',
    );
    await dismissDialog(user);
    expect(patch).toEqual({ ifVersion: 3, capacity: 8 });
    expect(await within(day).findByText(/0\/12/)).toBeInTheDocument();
  });
});
