import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { MealFiltersBar } from './meal-filters';

const noFilters = { search: '', category: '', priceRange: '', diet: '', freeFrom: '' };

describe('the price range filter', () => {
  it("offers the spec's three ranges in its words, with the cheaper and dearer ranges that reach every price", () => {
    render(<MealFiltersBar filters={noFilters} onChange={vi.fn()} />);
    const options = within(screen.getByLabelText('Price range')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Any price',
      'Under $10',
      '$10-$30',
      '$30-$60',
      '$60-$100',
      '$100 and over',
    ]);
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      '',
      'under-10',
      '10-30',
      '30-60',
      '60-100',
      '100-plus',
    ]);
  });

  it('sends the chosen range by its key', async () => {
    const onChange = vi.fn();
    render(<MealFiltersBar filters={noFilters} onChange={onChange} />);
    await userEvent.setup().selectOptions(screen.getByLabelText('Price range'), 'Under $10');
    expect(onChange).toHaveBeenCalledWith({ priceRange: 'under-10' });
  });
});

describe('the diet and free-from filters', () => {
  it('sends the chosen diet and each ticked allergen, in the one order the URL keeps', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<MealFiltersBar filters={noFilters} onChange={onChange} />);
    await user.selectOptions(screen.getByLabelText('Diet'), 'Vegan');
    expect(onChange).toHaveBeenLastCalledWith({ diet: 'vegan' });
    await user.click(screen.getByText('Free from (any allergen)'));
    await user.click(screen.getByLabelText('Peanuts'));
    expect(onChange).toHaveBeenLastCalledWith({ freeFrom: 'peanuts' });
    rerender(<MealFiltersBar filters={{ ...noFilters, freeFrom: 'peanuts' }} onChange={onChange} />);
    await user.click(screen.getByLabelText('Milk'));
    expect(onChange).toHaveBeenLastCalledWith({ freeFrom: 'milk,peanuts' });
    expect(screen.getByText('Free from: peanuts')).toBeInTheDocument();
  });

  it('offers "Match my profile" only with a profile, and applies its allergens and first diet in one step', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <MealFiltersBar filters={noFilters} onChange={onChange} diet={{ avoid: [], diets: [] }} />,
    );
    expect(screen.queryByRole('button', { name: 'Match my profile' })).not.toBeInTheDocument();
    rerender(
      <MealFiltersBar
        filters={noFilters}
        onChange={onChange}
        diet={{ avoid: ['peanuts', 'milk'], diets: ['halal'] }}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Match my profile' }));
    expect(onChange).toHaveBeenCalledWith({ freeFrom: 'peanuts,milk', diet: 'halal' });
  });
});
