import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { MealFiltersBar } from './meal-filters';

describe('the price range filter', () => {
  it("offers the spec's three ranges in its words, with the cheaper and dearer ranges that reach every price", () => {
    render(<MealFiltersBar filters={{ search: '', category: '', priceRange: '' }} onChange={vi.fn()} />);
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
    render(<MealFiltersBar filters={{ search: '', category: '', priceRange: '' }} onChange={onChange} />);
    await userEvent.setup().selectOptions(screen.getByLabelText('Price range'), 'Under $10');
    expect(onChange).toHaveBeenCalledWith({ priceRange: 'under-10' });
  });
});
