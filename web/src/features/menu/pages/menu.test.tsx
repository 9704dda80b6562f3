import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  addDays,
  defaultMealSettings,
  endpoints,
  reservationOutcomeUnknownMessage,
  type Menu,
  type RequestedMeal,
} from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { answerDialog, dismissDialog, expectDialog } from '@/testing/dialogs';
import { answerHeldReservations, makeMenu, makeReservation, makeServing, today } from '@/testing/menu';
import { memberProfile, renderRoutes, sessionFor } from '@/testing/render';
import { onEndpoint, recordQueries, server } from '@/testing/server';
import { MenuPage } from './menu';

const renderMenu = (session = sessionFor(null), path = '/menu') =>
  renderRoutes({ routes: [{ path: '/menu', Component: MenuPage }], path, session });

const answerMenu = (menu: () => Menu) => server.use(onEndpoint(endpoints.menu, () => HttpResponse.json(menu())));

describe('The menu page', () => {
  it('shows the week from today, today marked, with closed days, times and places left', async () => {
    const lunch = makeServing({
      meal: { ...makeServing().meal, _id: 'soup', title: 'Lentil Soup' },
      capacity: 5,
      reserved: 2,
    });
    const dinner = makeServing({ slot: 'dinner', capacity: 4, reserved: 4 });
    const closedDay = addDays(today(), 2);
    answerMenu(() => makeMenu([lunch, dinner], { closed: { [closedDay]: 'Public holiday' } }));
    renderMenu();

    const todaySection = await screen.findByTestId(`menu-day-${today()}`);
    expect(within(todaySection).getByText('Today')).toBeInTheDocument();
    // Today comes first.
    expect(screen.getAllByTestId(/^menu-day-/)[0]).toBe(todaySection);
    expect(within(todaySection).getByRole('link', { name: 'Lentil Soup' })).toHaveAttribute('href', '/meal/soup');
    expect(within(todaySection).getByText('12:00–14:00')).toBeInTheDocument();
    expect(within(todaySection).getByText('3 places left')).toBeInTheDocument();
    expect(within(todaySection).getByText('Fully booked')).toBeInTheDocument();
    const closed = screen.getByTestId(`menu-day-${closedDay}`);
    expect(within(closed).getByText('Public holiday')).toBeInTheDocument();
    expect(within(closed).queryByText('Today')).not.toBeInTheDocument();
    // A visitor reads the menu; reserving is for signed-in members.
    expect(screen.queryByRole('button', { name: /reserve/i })).not.toBeInTheDocument();
  });

  it('builds none of a member’s queries for a visitor', async () => {
    answerMenu(() => makeMenu([makeServing(), makeServing({ slot: 'dinner' })]));
    const { queryClient } = renderMenu();
    await screen.findByTestId(`menu-day-${today()}`);
    // Each Reserve button built the member's skips and meal settings, though never asked for.
    expect(queryClient.getQueryCache().find({ queryKey: queryKeys.requests.skips })).toBeUndefined();
    expect(queryClient.getQueryCache().find({ queryKey: queryKeys.mealSettings })).toBeUndefined();
  });

  it("names the hostel's zone where the browser keeps another, beside the week's links", async () => {
    answerMenu(() => makeMenu([makeServing()]));
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Pacific/Kiritimati',
    });
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-840);
    try {
      renderMenu();
      const weeks = await screen.findByRole('navigation', { name: 'Weeks' });
      expect(await within(weeks).findByText(/^Times in .+ time$/)).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('moves to the next week and back', async () => {
    const asked = recordQueries(endpoints.menu, (query) =>
      HttpResponse.json(makeMenu([], { from: query.get('from') ?? today() })),
    );
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('link', { name: /next week/i }));
    expect(await screen.findByTestId(`menu-day-${addDays(today(), 7)}`)).toBeInTheDocument();
    expect(screen.queryByText('Today')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'This week' }));
    expect(await screen.findByText('Today')).toBeInTheDocument();
    expect(asked.slice(0, 2).map((query) => query.get('from'))).toEqual([null, addDays(today(), 7)]);
  });

  it('reserves a place for a member, then shows Reserved · Cancel, and cancels it', async () => {
    const lunch = makeServing({ _id: 'lunch-1', capacity: 3, reserved: 0 });
    let requests: RequestedMeal[] = [];
    const reserved: unknown[] = [];
    answerMenu(() => makeMenu([{ ...lunch, reserved: requests.length }]));
    answerHeldReservations(() => requests);
    server.use(
      onEndpoint(endpoints.reserve, ({ params }) => {
        reserved.push(params.id);
        requests = [makeReservation(lunch)];
        return HttpResponse.json({ insertedId: 'request-lunch-1' }, { status: 201 });
      }),
      onEndpoint(endpoints.cancelReservation, ({ params }) => {
        // GET /my-reservations leaves a cancelled reservation out.
        requests = requests.filter((r) => r.serving?._id !== params.id);
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderMenu(sessionFor(memberProfile));

    const day = await screen.findByTestId(`menu-day-${today()}`);
    await user.click(await within(day).findByRole('button', { name: /^Reserve: Lunch/ }));
    expect(reserved).toEqual(['lunch-1']);
    await expectDialog('Place reserved');
    await dismissDialog(user);
    expect(await within(day).findByText('Reserved')).toBeInTheDocument();
    expect(within(day).getByText('2 places left')).toBeInTheDocument();

    await user.click(within(day).getByRole('button', { name: /^Cancel your reservation/ }));
    await answerDialog(user, /yes, cancel it/i);
    expect(await within(day).findByRole('button', { name: /^Reserve: Lunch/ })).toBeEnabled();
    expect(within(day).getByText('3 places left')).toBeInTheDocument();
  });

  it('shows a member counted by default at their hall, who skips a serving and eats after all', async () => {
    const lunch = makeServing({ _id: 'lunch-default', capacity: null, reserved: 0 });
    let skipped: string[] = [];
    const calls: string[] = [];
    answerMenu(() => makeMenu([lunch]));
    server.use(
      onEndpoint(endpoints.mealSettings, () =>
        HttpResponse.json({ ...defaultMealSettings, booking: 'default' as const }),
      ),
      onEndpoint(endpoints.mySkips, () => HttpResponse.json({ servingIds: skipped })),
      onEndpoint(endpoints.cancelReservation, ({ params }) => {
        calls.push(`skip ${String(params.id)}`);
        skipped = [String(params.id)];
        return HttpResponse.json({ deletedCount: 1 });
      }),
      onEndpoint(endpoints.reserve, ({ params }) => {
        calls.push(`eat ${String(params.id)}`);
        skipped = [];
        return HttpResponse.json({ message: 'You are counted' }, { status: 208 });
      }),
    );
    const user = userEvent.setup();
    renderMenu(sessionFor(memberProfile));

    const day = await screen.findByTestId(`menu-day-${today()}`);
    expect(await within(day).findByText('Counted')).toBeInTheDocument();
    expect(within(day).queryByRole('button', { name: /^Reserve/ })).not.toBeInTheDocument();
    await user.click(within(day).getByRole('button', { name: /^Skip Lunch/ }));
    await answerDialog(user, /yes, skip it/i);
    expect(await within(day).findByText('Skipped')).toBeInTheDocument();
    await user.click(within(day).getByRole('button', { name: /^Eat after all: Lunch/ }));
    await expectDialog('Counted again');
    await dismissDialog(user);
    expect(await within(day).findByText('Counted')).toBeInTheDocument();
    expect(calls).toEqual(['skip lunch-default', 'eat lunch-default']);
  });

  it('repeats a reservation whose answer was lost, and shows the place the repeat answers with', async () => {
    const lunch = makeServing({ _id: 'lunch-lost', capacity: 3, reserved: 0 });
    let requests: RequestedMeal[] = [];
    let posts = 0;
    answerMenu(() => makeMenu([{ ...lunch, reserved: requests.length }]));
    answerHeldReservations(() => requests);
    server.use(
      onEndpoint(endpoints.reserve, () => {
        posts += 1;
        // The first reservation is written but its answer never arrives; the repeat is told so.
        requests = [makeReservation(lunch)];
        if (posts === 1) return HttpResponse.error();
        return HttpResponse.json({ message: 'You already have a place', requestId: requests[0]!._id }, { status: 208 });
      }),
    );
    const user = userEvent.setup();
    renderMenu(sessionFor(memberProfile));

    const day = await screen.findByTestId(`menu-day-${today()}`);
    await user.click(await within(day).findByRole('button', { name: /^Reserve: Lunch/ }));
    await expectDialog('Place reserved');
    expect(posts).toBe(2);
    await dismissDialog(user);
    expect(await within(day).findByText('Reserved')).toBeInTheDocument();
  });

  it('never says a reservation failed when no answer came after the repeats', async () => {
    const lunch = makeServing({ _id: 'lunch-unknown', capacity: 3, reserved: 0 });
    let posts = 0;
    answerMenu(() => makeMenu([lunch]));
    server.use(
      onEndpoint(endpoints.reserve, () => {
        posts += 1;
        return HttpResponse.json(
          { message: 'Try again in a moment' },
          { status: 503, headers: { 'Retry-After': '1' } },
        );
      }),
    );
    const user = userEvent.setup();
    renderMenu(sessionFor(memberProfile));

    await user.click(await screen.findByRole('button', { name: /^Reserve: Lunch/ }));
    await waitFor(() => expect(posts).toBe(4), { timeout: 8000 });
    await expectDialog(reservationOutcomeUnknownMessage);
    await dismissDialog(user);
  }, 15_000);

  it('closes reservations after the cutoff, and shows the API refusing one in time', async () => {
    const passed = makeServing({ _id: 'past-cutoff', cutoffAt: new Date(Date.now() - 60_000).toISOString() });
    const open = makeServing({ _id: 'still-open', slot: 'dinner' });
    answerMenu(() => makeMenu([passed, open]));
    server.use(
      onEndpoint(endpoints.reserve, () =>
        HttpResponse.json({ message: 'Reservations for Dinner closed at 16:00' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderMenu(sessionFor(memberProfile));

    expect(await screen.findByRole('button', { name: /^Reservations closed: Lunch/ })).toBeDisabled();
    // Closed on the server between the page's read and the press: its message is shown.
    await user.click(screen.getByRole('button', { name: /^Reserve: Dinner/ }));
    await expectDialog('Reservations for Dinner closed at 16:00');
    await dismissDialog(user);
  });

  it('says when the menu cannot be loaded', async () => {
    server.use(onEndpoint(endpoints.menu, () => HttpResponse.json({ message: 'Down' }, { status: 500 })));
    renderMenu();
    expect(await screen.findByText('The menu could not be loaded')).toBeInTheDocument();
  });
});

it('keeps a reserved place after the cutoff without a Cancel', async () => {
  const passed = makeServing({ _id: 'cooked', cutoffAt: new Date(Date.now() - 60_000).toISOString() });
  answerMenu(() => makeMenu([passed]));
  answerHeldReservations(() => [makeReservation(passed)]);
  renderMenu(sessionFor(memberProfile));
  const day = await screen.findByTestId(`menu-day-${today()}`);
  expect(await within(day).findByText('Reserved')).toBeInTheDocument();
  await waitFor(() => expect(within(day).queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument());
});

it('shows every place a member holds as Reserved, however many: 26 in a week', async () => {
  // A Platinum member's week: two lunches and two dinners a day on offer, 26 of them reserved,
  // each reserved in date order (so the newest requests are the latest servings).
  const week = Array.from({ length: 7 }, (_, day) =>
    (['lunch', 'lunch', 'dinner', 'dinner'] as const).map((slot, index) =>
      makeServing({ _id: `held-${day}-${index}`, slot, date: addDays(today(), day) }),
    ),
  ).flat();
  const held = week.slice(0, 26);
  answerMenu(() => makeMenu(week));
  answerHeldReservations(() =>
    held.map((serving, index) =>
      makeReservation(serving, { requestedAt: new Date(Date.now() - (held.length - index) * 60_000).toISOString() }),
    ),
  );
  renderMenu(sessionFor(memberProfile));

  await screen.findByTestId(`menu-day-${today()}`);
  await waitFor(() => expect(screen.getAllByText('Reserved')).toHaveLength(26));
  // The two it does not hold, and only those, offer Reserve.
  const offered = screen.getAllByRole('button', { name: /^Reserve: / });
  expect(offered.map((button) => button.getAttribute('aria-label'))).toEqual(
    week.slice(26).map((serving) => expect.stringContaining(serving.meal.title)),
  );
});

it("reads every page of the member's reservations: next week's held places are past the first 50", async () => {
  const servingsOf = (from: string, count: number, prefix: string) =>
    Array.from({ length: count }, (_, index) =>
      makeServing({ _id: `${prefix}-${index}`, slot: 'dinner', date: addDays(from, index % 7) }),
    );
  const nextWeek = addDays(today(), 7);
  const thisWeeks = servingsOf(today(), 30, 'now');
  const nextWeeks = servingsOf(nextWeek, 26, 'next');
  const pages: (string | null)[] = [];
  answerMenu(() => makeMenu(nextWeeks, { from: nextWeek }));
  answerHeldReservations(() => [...thisWeeks, ...nextWeeks].map((serving) => makeReservation(serving)));
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith(endpoints.myReservations.path)) pages.push(url.searchParams.get('cursor'));
  });
  renderMenu(sessionFor(memberProfile), `/menu?from=${nextWeek}`);

  await screen.findByTestId(`menu-day-${nextWeek}`);
  await waitFor(() => expect(screen.getAllByText('Reserved')).toHaveLength(26));
  expect(screen.queryByRole('button', { name: /^Reserve: / })).not.toBeInTheDocument();
  expect(pages).toEqual([null, '50']);
  server.events.removeAllListeners();
});

it('keeps a place served today as Reserved, with nothing to cancel', async () => {
  const lunch = makeServing({ _id: 'eaten' });
  answerMenu(() => makeMenu([lunch]));
  answerHeldReservations(() => [makeReservation(lunch, { status: 'delivered', servedAt: new Date().toISOString() })]);
  renderMenu(sessionFor(memberProfile));
  const day = await screen.findByTestId(`menu-day-${today()}`);
  expect(await within(day).findByText('Reserved')).toBeInTheDocument();
  expect(within(day).queryByRole('button', { name: /reserve|cancel/i })).not.toBeInTheDocument();
});

describe('The menu page of a hostel with several halls', () => {
  const halls = [
    { _id: 'east', name: 'East hall', slots: ['lunch' as const], closedDays: [], memberLimit: null },
    { _id: 'west', name: 'West hall', slots: ['lunch' as const], closedDays: [], memberLimit: null },
  ];
  const servingAt = (hallId: string, title: string) =>
    makeServing({ _id: `${hallId}-lunch`, hallId, meal: { ...makeServing().meal, _id: title, title } });

  beforeEach(() => {
    server.use(onEndpoint(endpoints.halls, () => HttpResponse.json({ halls })));
  });

  it('shows every hall’s servings naming their hall, the member’s own hall first, and picks one hall', async () => {
    const asked = recordQueries(endpoints.menu, (query) =>
      HttpResponse.json(
        makeMenu(
          query.get('hall') === 'west'
            ? [servingAt('west', 'Pho')]
            : [servingAt('east', 'Dal'), servingAt('west', 'Pho')],
        ),
      ),
    );
    const user = userEvent.setup();
    renderMenu(sessionFor({ ...memberProfile, homeHallId: 'west' }));

    const todaySection = await screen.findByTestId(`menu-day-${today()}`);
    const items = within(todaySection).getAllByRole('listitem');
    // A member of West hall sees it first, in the picker and in each meal time.
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Pho.*West hall/),
      expect.stringMatching(/^Dal.*East hall/),
    ]);
    const picker = screen.getByRole('combobox', { name: 'Hall' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Every hall', 'West hall', 'East hall']);

    await user.selectOptions(picker, 'West hall');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dal' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Pho' })).toBeInTheDocument();
    // One hall in view: its name is not repeated on every serving.
    expect(screen.queryByText(/West hall$/, { selector: 'p' })).not.toBeInTheDocument();
    expect(asked.map((query) => query.get('hall'))).toEqual([null, 'west']);
    // The week links keep the hall.
    expect(screen.getByRole('link', { name: /next week/i })).toHaveAttribute(
      'href',
      `/menu?from=${addDays(today(), 7)}&hall=west`,
    );
  });

  it('links to each hall’s feeds while every hall is shown, and to the picked hall’s alone', async () => {
    answerMenu(() => makeMenu([servingAt('east', 'Dal')]));
    const user = userEvent.setup();
    renderMenu(sessionFor({ ...memberProfile, homeHallId: 'west' }));

    const feeds = await screen.findByRole('region', { name: 'The menu in your apps' });
    // Each link names its hall, the member's own first; the visible words stay in the name.
    const hrefs = () =>
      within(feeds)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(hrefs()).toEqual([
      '/api/feeds/west/menu.ics',
      '/api/feeds/west/openmensa.xml',
      '/api/feeds/east/menu.ics',
      '/api/feeds/east/openmensa.xml',
    ]);
    expect(within(feeds).getByRole('link', { name: 'Add to calendar (iCal) for West hall' })).toHaveAttribute(
      'href',
      '/api/feeds/west/menu.ics',
    );
    expect(within(feeds).getByRole('link', { name: 'OpenMensa feed for East hall' })).toHaveAttribute(
      'href',
      '/api/feeds/east/openmensa.xml',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Hall' }), 'East hall');
    await waitFor(() => expect(hrefs()).toEqual(['/api/feeds/east/menu.ics', '/api/feeds/east/openmensa.xml']));
    // One hall in view: the links need no hall in their names.
    expect(within(feeds).getByRole('link', { name: 'Add to calendar (iCal)' })).toBeInTheDocument();
    expect(within(feeds).getByRole('link', { name: 'OpenMensa feed' })).toBeInTheDocument();
  });

  it('opens on the hall in the address', async () => {
    const asked = recordQueries(endpoints.menu, () => HttpResponse.json(makeMenu([servingAt('east', 'Dal')])));
    renderMenu(sessionFor(null), '/menu?hall=east');
    expect(await screen.findByRole('combobox', { name: 'Hall' })).toHaveValue('east');
    await screen.findByRole('link', { name: 'Dal' });
    expect(asked.map((query) => query.get('hall'))).toEqual(['east']);
  });

  it('asks for every hall when the address names an unknown one', async () => {
    const asked = recordQueries(endpoints.menu, () => HttpResponse.json(makeMenu([servingAt('east', 'Dal')])));
    renderMenu(sessionFor(null), '/menu?hall=nowhere');
    expect(await screen.findByRole('combobox', { name: 'Hall' })).toHaveValue('');
    await screen.findByRole('link', { name: 'Dal' });
    expect(asked.map((query) => query.get('hall'))).toEqual([null]);
  });
});

it('shows no hall picker and no hall names when the hostel has one hall', async () => {
  answerMenu(() => makeMenu([makeServing()]));
  renderMenu(sessionFor(null));
  await screen.findByTestId(`menu-day-${today()}`);
  expect(screen.queryByRole('combobox', { name: 'Hall' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Main hall/)).not.toBeInTheDocument();
  // Its feeds, which calendar apps and OpenMensa fetch from the API, for anyone to follow.
  const feeds = await screen.findByRole('region', { name: 'The menu in your apps' });
  expect(within(feeds).getByRole('link', { name: 'Add to calendar (iCal)' })).toHaveAttribute(
    'href',
    '/api/feeds/main/menu.ics',
  );
  expect(within(feeds).getByRole('link', { name: 'OpenMensa feed' })).toHaveAttribute(
    'href',
    '/api/feeds/main/openmensa.xml',
  );
});
