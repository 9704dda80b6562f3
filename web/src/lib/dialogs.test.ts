// Every dialog of the site goes through these helpers, and their titles and texts carry
// user- and server-made text (names, API messages). Markup in them must show as text.
import { waitFor } from '@testing-library/react';
import { ApiRequestError } from './api-client';
import { confirmAction, reportActionError, showError, showSuccess } from './dialogs';

const payload = 'Eve<img src=x onerror="document.body.dataset.pwned=1">';

async function openDialog() {
  return waitFor(() => {
    const popup = document.querySelector<HTMLElement>('.swal2-popup');
    if (!popup?.querySelector('.swal2-title')?.textContent) throw new Error('no dialog is open');
    return popup;
  });
}

async function expectShownAsText(open: () => Promise<unknown>) {
  void open();
  const popup = await openDialog();
  const title = popup.querySelector('.swal2-title');
  const text = popup.querySelector('.swal2-html-container');
  expect(title).toHaveTextContent(`${payload} title`);
  expect(text).toHaveTextContent(`${payload} text`);
  // sweetalert2 has an <img> of its own for the `imageUrl` option; the payload's would be inside these.
  expect(title?.children).toHaveLength(0);
  expect(text?.children).toHaveLength(0);
  expect(popup.querySelector('[onerror]')).toBeNull();
  expect(document.body.dataset.pwned).toBeUndefined();
  const Swal = (await import('sweetalert2')).default;
  Swal.close();
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
}

afterEach(() => {
  delete document.body.dataset.pwned;
});

it('shows markup in a success dialog as text', async () => {
  await expectShownAsText(() => showSuccess(`${payload} title`, `${payload} text`));
});

it('shows markup in an error dialog as text', async () => {
  await expectShownAsText(() => showError(`${payload} title`, `${payload} text`));
});

it('shows markup in a confirmation as text', async () => {
  await expectShownAsText(() => confirmAction(`${payload} title`, `${payload} text`));
});

it('tells the user to try again in a moment when the server ran out of time (503)', async () => {
  void reportActionError(new ApiRequestError(503, 'Try again in a moment', { message: 'Try again in a moment' }));
  const popup = await openDialog();
  expect(popup.querySelector('.swal2-title')).toHaveTextContent('Try again in a moment');
  expect(popup.querySelector('.swal2-html-container')).toHaveTextContent(/took too long.*will not do it twice/);
  const Swal = (await import('sweetalert2')).default;
  Swal.close();
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
});
