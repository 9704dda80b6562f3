// sweetalert2 marks the rest of the page aria-hidden while a dialog is open, so a test reads
// the dialog, closes it as a user would (Escape), and waits for the page to come back.
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export async function expectDialog(text: string) {
  const container = await waitFor(() => {
    const open = document.querySelector('.swal2-container');
    if (!open) throw new Error('no dialog is open');
    return open;
  });
  expect(container).toHaveTextContent(text);
}

export async function dismissDialog(user: UserEvent) {
  await user.keyboard('{Escape}');
  await waitForDialogToClose();
}

export const waitForDialogToClose = () =>
  waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull(), { timeout: 3000 });

/** Answers a sweetalert2 confirmation with the button of that name (a success or error dialog may follow). */
export async function answerDialog(user: UserEvent, name: string | RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  await waitFor(() => expect(screen.queryByRole('button', { name })).toBeNull());
}
