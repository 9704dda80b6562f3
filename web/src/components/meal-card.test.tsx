import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeMeal } from '@/testing/meals';
import { MealCard } from './meal-card';

function renderCard(meal = makeMeal({ _id: 'meal-07', title: 'Pho Noodle Soup' })) {
  const router = createMemoryRouter([{ path: '/', element: <MealCard meal={meal} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('article');
}

test('the card has one link, to the meal, stretched over the whole card', () => {
  const card = renderCard();
  const links = within(card).getAllByRole('link');
  expect(links).toHaveLength(1);
  expect(links[0]).toHaveAccessibleName('View Details: Pho Noodle Soup');
  expect(links[0]).toHaveAttribute('href', '/meal/meal-07');
  // Nothing else in the card can be focused or pressed.
  expect(within(card).queryAllByRole('button')).toHaveLength(0);
  expect(links[0]!.className).toContain('after:inset-0');
  expect(card.className).toContain('relative');
});

test('an unrated meal says "No reviews yet" instead of empty stars', () => {
  const card = renderCard(makeMeal({ title: 'New Dish', rating: 0, reviews_count: 0 }));
  expect(within(card).getByText('No reviews yet')).toBeInTheDocument();
  expect(within(card).queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
});

test('a reviewed meal shows its stars', () => {
  const card = renderCard(makeMeal({ title: 'Old Favourite', rating: 4.5, reviews_count: 3 }));
  expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
  expect(within(card).queryByText('No reviews yet')).not.toBeInTheDocument();
});

test('each diet tag wears its own mark', () => {
  const card = renderCard(makeMeal({ title: 'Dal', allergens: [], dietTags: ['vegetarian', 'vegan', 'halal'] }));
  const marks = ['Vegetarian', 'Vegan', 'Halal'].map(
    (word) => within(card).getByText(word, { exact: false }).querySelector('[aria-hidden="true"]')?.textContent,
  );
  expect(new Set(marks).size).toBe(3);
});
