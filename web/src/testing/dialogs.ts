// Dialogs in tests are the real ones: sweetalert2 for messages, the native <dialog> for
// forms. sweetalert2 marks the rest of the page aria-hidden while it is open, so a test reads
// the dialog, closes it as a user would (Escape), and waits for the page to come back.
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

const openMessage = () => document.querySelector('.swal2-container');

/**
 * Waits for the sweetalert2 message with this title (and text, when given). A message often
 * follows an answer and sweetalert2's own lazy module: on a busy two-core machine that took
 * over the one second `waitFor` gives by default (CI, users-pages), so it gets five.
 */
export async function expectDialog(title: string, text?: string) {
  await waitFor(
    () => {
      const open = openMessage();
      if (!open) throw new Error('no dialog is open');
      expect(open.querySelector('.swal2-title')?.textContent).toBe(title);
    },
    { timeout: 5000 },
  );
  if (text !== undefined) expect(openMessage()?.querySelector('.swal2-html-container')?.textContent).toBe(text);
}

export async function dismissDialog(user: UserEvent) {
  await user.keyboard('{Escape}');
  await waitForDialogToClose();
}

export const waitForDialogToClose = () => waitFor(() => expect(openMessage()).toBeNull(), { timeout: 3000 });

/** Answers a sweetalert2 confirmation with the button of that name (a success or error dialog may follow). */
export async function answerDialog(user: UserEvent, name: string | RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  await waitFor(() => expect(screen.queryByRole('button', { name })).toBeNull());
}

/** Closes a message a test left open, so the next test starts on a quiet page. */
export async function closeOpenDialog() {
  if (!openMessage()) return;
  // Swal.isVisible() measures the popup, which jsdom always reports as zero-sized.
  const Swal = (await import('sweetalert2')).default;
  Swal.close();
  await waitForDialogToClose();
}

/**
 * jsdom has <dialog> but not its methods, no matchMedia (which sweetalert2 asks for), and an
 * innerText whose setter does nothing on an element in the document (sweetalert2 sets titles
 * with it): the smallest stand-ins that behave as a browser does for what the site uses.
 */
export function installDialogPolyfill() {
  Object.defineProperty(HTMLElement.prototype, 'innerText', {
    configurable: true,
    get(this: HTMLElement) {
      return this.textContent ?? '';
    },
    set(this: HTMLElement, value: string) {
      this.textContent = value;
    },
  });
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  }
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}
