import { render, screen, within } from '@testing-library/react';
import { textsOf } from '@/testing/queries';
import { cellClass, TableFrame, TableRow } from './table-frame';

test('each cell is labelled with its column, so a row reads as a card on a phone', () => {
  render(
    <TableFrame caption="Payments" headers={['#', 'Package', 'Amount', 'Pay']}>
      <TableRow>
        <td className={cellClass}>1</td>
        <td className={cellClass}>Gold</td>
        <td className={cellClass}>$29.99</td>
        <td className={cellClass}>
          <button type="button">Pay again</button>
        </td>
      </TableRow>
    </TableFrame>,
  );
  const table = screen.getByRole('table', { name: 'Payments' });
  // The header row stays for screen readers; the cards show the names themselves.
  expect(textsOf(table, 'columnheader')).toEqual(['#', 'Package', 'Amount', 'Pay']);
  const cells = within(table).getAllByRole('cell');
  expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['#', 'Package', 'Amount', 'Pay']);
  expect(within(cells[3]!).getByRole('button', { name: 'Pay again' })).toBeInTheDocument();
  // Below the tablet breakpoint each cell shows that name above its value.
  expect(cells[0]!.className).toContain('max-md:before:content-[attr(data-label)]');
});
