import { render, screen } from '@testing-library/react';
import { StatusPill } from './status-pill';

test("a status shows in sentence case, keeping the API's word as its text", () => {
  render(<StatusPill status="delivered" />);
  const pill = screen.getByText('delivered');
  // The first letter is drawn upper case ("Delivered"); screen readers and copies get the word.
  expect(pill.className).toContain('first-letter:uppercase');
});
