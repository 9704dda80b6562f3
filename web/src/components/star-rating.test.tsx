import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { StarRating, StarRatingInput } from './star-rating';

function Harness() {
  const [value, setValue] = useState(0);
  return (
    <>
      <StarRatingInput value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

test('read-only stars announce the rating', () => {
  render(<StarRating value={3.5} />);
  expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
});

test('the rating input works with the keyboard', async () => {
  render(<Harness />);
  await userEvent.tab();
  expect(screen.getByLabelText('1 star')).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(screen.getByRole('status')).toHaveTextContent('1');
  await userEvent.keyboard('{ArrowRight}{ArrowRight}');
  expect(screen.getByRole('status')).toHaveTextContent('3');
  expect(screen.getByLabelText('3 stars')).toBeChecked();
});
