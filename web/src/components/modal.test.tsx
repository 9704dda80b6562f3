import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { showError } from '@/lib/dialogs';
import { dismissDialog, expectDialog } from '@/testing/dialogs';
import { Modal } from './modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit meal
      </button>
      {open && (
        <Modal title="Edit Lentil Soup" onClose={() => setOpen(false)}>
          <label>
            Title <input defaultValue="Lentil Soup" />
          </label>
          <button type="button" onClick={() => void showError('Could not save')}>
            Save
          </button>
        </Modal>
      )}
    </>
  );
}

test('the modal is a dialog named by its title, with focus inside it', async () => {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Edit meal' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Lentil Soup' });
  expect(dialog.tagName).toBe('DIALOG');
  expect(dialog).toHaveAttribute('open');
  expect(within(dialog).getByLabelText('Title')).toHaveFocus();
});

test.each([
  ['Escape', (user: UserEvent) => user.keyboard('{Escape}')],
  ['the close button', (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Close' }))],
])('%s closes it and focus goes back to the button that opened it', async (_way, close) => {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Edit meal' }));
  await close(user);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit meal' })).toHaveFocus();
});

test('a message shown from the modal opens inside it, and Escape closes only the message', async () => {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Edit meal' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await expectDialog('Could not save');
  const dialog = document.querySelector('dialog')!;
  expect(dialog.querySelector('.swal2-container')).not.toBeNull();
  await dismissDialog(user);
  expect(screen.getByRole('dialog', { name: 'Edit Lentil Soup' })).toBeInTheDocument();
});
