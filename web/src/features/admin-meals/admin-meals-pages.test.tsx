import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import type { AdminMeal, UpcomingMeal } from '@hostelhub/contracts';
import { answerDialog, dismissDialog, expectDialog } from '@/testing/dialogs';
import { fillMealForm, type MealFormEntry } from '@/testing/meals';
import { adminSession, dashboardRenderer } from '@/testing/render';
import { onEndpoint, recordQueries, server } from '@/testing/server';
import { textsOf } from '@/testing/queries';
import { AddMealsPage } from './pages/add-meals';
import { AllMealsPage } from './pages/all-meals';
import { UpcomingMealsAdminPage } from './pages/upcoming-meals';

const renderDashboard = dashboardRenderer([
  { path: '/dashboard/add-meals', Component: AddMealsPage },
  { path: '/dashboard/all-meals', Component: AllMealsPage },
  { path: '/dashboard/add-upcoming-meals', Component: UpcomingMealsAdminPage },
]);

const meal = (id: string, title: string, overrides: Partial<AdminMeal> = {}): AdminMeal => ({
  _id: id,
  title,
  category: 'Lunch',
  image: '/images/meals/lunch-1.svg',
  ingredients: 'Rice, Beans',
  description: 'Filling.',
  price: 12.5,
  rating: 4.5,
  likes: 3,
  reviews_count: 2,
  distributorName: 'Green Bowl Kitchen',
  distributorEmail: 'orders@greenbowl.test',
  adminName: 'Ada Admin',
  postTime: '2026-11-20T10:00:00.000Z',
  allergens: null,
  dietTags: [],
  ...overrides,
});

/** A breakfast titled `title`, as the admin enters it. */
const breakfastEntry = (title: string): MealFormEntry => ({
  title,
  category: 'Breakfast',
  image: 'https://cdn.example.test/x.jpg',
  ingredients: 'Oats, Milk',
  description: 'Creamy.',
  price: '9.99',
  distributorName: 'Sunrise Bakery',
  distributorEmail: 'hello@sunrisebakery.test',
  ticks: ['Milk', 'Vegetarian'],
});

describe('Add Meals', () => {
  it('adds the meal, says so, and refreshes the admin profile count', async () => {
    let body: unknown = null;
    server.use(
      onEndpoint(endpoints.addMeal, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ insertedId: 'new-meal' }, { status: 201 });
      }),
    );
    const session = adminSession();
    const user = userEvent.setup();
    renderDashboard('/dashboard/add-meals', session);
    await screen.findByRole('heading', { name: 'Add Meals' });
    await fillMealForm(user, breakfastEntry('Overnight Oats'));
    await user.click(screen.getByRole('button', { name: 'Add Meal' }));

    await expectDialog('Meal Added Successfully');
    await dismissDialog(user);
    expect(body).toMatchObject({
      title: 'Overnight Oats',
      category: 'Breakfast',
      price: 9.99,
      allergens: ['milk'],
      dietTags: ['vegetarian'],
    });
    expect(body).not.toHaveProperty('adminEmail');
    expect(session.refreshProfile).toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it("shows the server's message when adding fails, keeping the form", async () => {
    server.use(
      onEndpoint(endpoints.addMeal, () => HttpResponse.json({ message: 'price: must be above 0' }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/add-meals', adminSession());
    await screen.findByRole('heading', { name: 'Add Meals' });
    await fillMealForm(user, breakfastEntry('Overnight Oats'));
    await user.click(screen.getByRole('button', { name: 'Add Meal' }));
    await expectDialog('price: must be above 0');
    await dismissDialog(user);
    expect(screen.getByLabelText('Title')).toHaveValue('Overnight Oats');
  });
});

describe('All Meals', () => {
  it('sorts through the API and links each meal', async () => {
    const asked = recordQueries(endpoints.allMeals, (query) => {
      const items =
        query.get('sort') === 'Reviews-count'
          ? [meal('b', 'Beta Bowl'), meal('a', 'Alpha Wrap')]
          : [meal('a', 'Alpha Wrap'), meal('b', 'Beta Bowl')];
      return HttpResponse.json({ items, nextCursor: null, total: items.length });
    });
    const sorts = () => asked.map((query) => query.get('sort'));
    const user = userEvent.setup();
    renderDashboard('/dashboard/all-meals', adminSession());
    expect(await screen.findByRole('link', { name: 'View Alpha Wrap' })).toHaveAttribute('href', '/meal/a');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Reviews count');
    await waitFor(() => expect(sorts()).toContain('Reviews-count'));
    await waitFor(() => {
      const titles = screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
      expect(titles).toEqual(['Beta Bowl', 'Alpha Wrap']);
    });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Like');
    await waitFor(() => expect(sorts()).toContain('Like'));
  });

  it('searches by title and filters by category through the API, with the exact count and "No meals match"', async () => {
    const stored = [
      meal('a', 'Alpha Wrap', { category: 'Lunch' }),
      meal('b', 'Alpha Porridge', { category: 'Breakfast' }),
      meal('c', 'Beta Bowl', { category: 'Dinner' }),
    ];
    const asked = recordQueries(endpoints.allMeals, (query) => {
      const search = query.get('search')?.toLowerCase() ?? '';
      const category = query.get('category');
      const items = stored.filter(
        (item) => item.title.toLowerCase().includes(search) && (!category || item.category === category),
      );
      // The total counts every match, beyond the page the API sends.
      return HttpResponse.json({ items, nextCursor: null, total: items.length + 40 });
    });
    const user = userEvent.setup();
    renderDashboard('/dashboard/all-meals', adminSession());
    expect(await screen.findByText('43 meals')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search meals'), 'alpha');
    await waitFor(() => expect(screen.queryByText('Beta Bowl')).not.toBeInTheDocument());
    expect(screen.getByText('Alpha Porridge')).toBeInTheDocument();
    expect(screen.getByText('42 meals')).toBeInTheDocument();
    expect(asked.at(-1)!.get('search')).toBe('alpha');
    expect(asked.at(-1)!.has('category')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Category'), 'Breakfast');
    await waitFor(() => expect(screen.queryByText('Alpha Wrap')).not.toBeInTheDocument());
    expect(screen.getByText('Alpha Porridge')).toBeInTheDocument();
    expect(asked.at(-1)!.get('category')).toBe('Breakfast');
    expect(asked.at(-1)!.get('search')).toBe('alpha');

    server.use(onEndpoint(endpoints.allMeals, () => HttpResponse.json({ items: [], nextCursor: null, total: 0 })));
    await user.type(screen.getByLabelText('Search meals'), ' nothing');
    expect(await screen.findByText('No meals match')).toBeInTheDocument();
  });

  it('edits a meal in a form that starts from its values and saves with PUT', async () => {
    let stored = meal('a', 'Alpha Wrap');
    let put: unknown = null;
    server.use(
      onEndpoint(endpoints.allMeals, () => HttpResponse.json({ items: [stored], nextCursor: null, total: 1 })),
      onEndpoint(endpoints.updateMeal, async ({ request }) => {
        put = await request.json();
        stored = { ...stored, ...(put as object) };
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/all-meals', adminSession());
    await user.click(await screen.findByRole('button', { name: 'Edit Alpha Wrap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alpha Wrap' });
    expect(within(dialog).getByLabelText('Distributor Email')).toHaveValue('orders@greenbowl.test');
    expect(within(dialog).getByLabelText(/price/i)).toHaveValue(12.5);
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Alpha Wrap Deluxe');
    // The stored meal was never declared: saving needs the admin to declare it.
    expect(within(dialog).getByText(/Not declared yet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/Declare the allergens/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Gluten'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectDialog('Meal updated');
    await dismissDialog(user);

    expect(await screen.findByRole('cell', { name: 'Alpha Wrap Deluxe' })).toBeInTheDocument();
    expect(put).toEqual({
      title: 'Alpha Wrap Deluxe',
      category: 'Lunch',
      image: '/images/meals/lunch-1.svg',
      ingredients: 'Rice, Beans',
      description: 'Filling.',
      price: 12.5,
      distributorName: 'Green Bowl Kitchen',
      distributorEmail: 'orders@greenbowl.test',
      allergens: ['gluten'],
      dietTags: [],
    });
  });

  it('deletes a meal after confirmation', async () => {
    let rows = [meal('a', 'Alpha Wrap'), meal('b', 'Beta Bowl')];
    server.use(
      onEndpoint(endpoints.allMeals, () => HttpResponse.json({ items: rows, nextCursor: null, total: rows.length })),
      onEndpoint(endpoints.deleteMeal, ({ params }) => {
        rows = rows.filter((row) => row._id !== params.id);
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/all-meals', adminSession());
    await user.click(await screen.findByRole('button', { name: 'Delete Beta Bowl' }));
    await answerDialog(user, 'Yes, delete it');
    await waitFor(() => expect(screen.queryByText('Beta Bowl')).not.toBeInTheDocument());
    expect(screen.getByText('Alpha Wrap')).toBeInTheDocument();
  });
});

describe('Upcoming Meals (admin)', () => {
  const upcoming = (id: string, title: string): UpcomingMeal => ({ ...meal(id, title), likes: 5, liked: false });

  it('says so when there are none', async () => {
    server.use(onEndpoint(endpoints.upcomingMeals, () => HttpResponse.json({ items: [], nextCursor: null })));
    renderDashboard('/dashboard/add-upcoming-meals', adminSession());
    expect(await screen.findByText('No Meals Added')).toBeInTheDocument();
  });

  it('adds an upcoming meal with the meal form in a modal', async () => {
    const rows: UpcomingMeal[] = [];
    server.use(
      onEndpoint(endpoints.upcomingMeals, () =>
        HttpResponse.json({ items: rows, nextCursor: null, total: rows.length }),
      ),
      onEndpoint(endpoints.addUpcomingMeal, async ({ request }) => {
        const body = (await request.json()) as UpcomingMeal;
        rows.push({ ...upcoming('u1', body.title) });
        return HttpResponse.json({ insertedId: 'u1' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/add-upcoming-meals', adminSession());
    await user.click(await screen.findByRole('button', { name: 'Add Upcoming Meal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Upcoming Meal' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Upcoming Meal' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();

    await fillMealForm(user, breakfastEntry('Pumpkin Pie'), dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Upcoming Meal' }));
    await expectDialog('Upcoming Meal Added Successfully');
    await dismissDialog(user);
    expect(await screen.findByRole('cell', { name: 'Pumpkin Pie' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Upcoming Meal' })).not.toBeInTheDocument();
  });

  it('publishes an upcoming meal', async () => {
    let rows = [upcoming('u1', 'Pumpkin Pie'), upcoming('u2', 'Miso Ramen')];
    server.use(
      onEndpoint(endpoints.upcomingMeals, () =>
        HttpResponse.json({ items: rows, nextCursor: null, total: rows.length }),
      ),
      onEndpoint(endpoints.publishUpcomingMeal, ({ params }) => {
        rows = rows.filter((row) => row._id !== params.id);
        return HttpResponse.json({ insertedId: 'published' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/add-upcoming-meals', adminSession());
    const pieRow = (await screen.findByRole('cell', { name: 'Pumpkin Pie' })).closest('tr')!;
    expect(textsOf(pieRow, 'cell')).toEqual(['', 'Pumpkin Pie', 'Lunch', '5', 'Green Bowl Kitchen', 'Publish']);
    await user.click(screen.getByRole('button', { name: 'Publish Pumpkin Pie' }));
    await expectDialog('Meal Published Successful');
    await dismissDialog(user);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Pumpkin Pie' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Miso Ramen' })).toBeInTheDocument();
  });

  it("shows the server's message when publishing fails", async () => {
    server.use(
      onEndpoint(endpoints.upcomingMeals, () =>
        HttpResponse.json({ items: [upcoming('u1', 'Pumpkin Pie')], nextCursor: null }),
      ),
      onEndpoint(endpoints.publishUpcomingMeal, () =>
        HttpResponse.json({ message: 'Upcoming meal not found' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/add-upcoming-meals', adminSession());
    await user.click(await screen.findByRole('button', { name: 'Publish Pumpkin Pie' }));
    await expectDialog('Upcoming meal not found');
  });
});
