// The site's message dialogs, and the one place that decides whether a
// failure gets one. sweetalert2 is loaded on first use, so it is not part of any page's first
// bundle. Titles and texts often carry what people typed (meal titles, names, server
// messages quoting input), so they are always set as text, never as HTML.
import type { SweetAlertOptions } from 'sweetalert2';
import { isSessionEndingError, isTryAgainError, tryAgainMessage } from './api-client';

const loadSwal = () => import('sweetalert2').then((module) => module.default);
/** The site's brand colour (--color-brand in index.css): white on it is 5.2:1. */
const brandColor = '#ca3500';

async function fire(options: SweetAlertOptions) {
  const Swal = await loadSwal();
  // An open form modal is a native <dialog> in the browser's top layer, which makes the rest
  // of the page inert; the message has to open inside it to be seen and answered.
  const openModal = document.querySelector<HTMLDialogElement>('dialog[open]');
  return Swal.fire({ confirmButtonColor: brandColor, ...options, ...(openModal ? { target: openModal } : {}) });
}

/** A success dialog; with `timer` it closes by itself (1500 ms for confirmations of a finished action). */
export async function showSuccess(title: string, text?: string, timer?: number) {
  await fire({ icon: 'success', titleText: title, text, timer, showConfirmButton: timer === undefined });
}

export async function showError(title: string, text?: string) {
  await fire({ icon: 'error', titleText: title, text });
}

/** Asks before a destructive action; resolves true when the user confirms. */
export async function confirmAction(title: string, text: string, confirmButtonText = 'Yes') {
  const result = await fire({
    icon: 'warning',
    titleText: title,
    text,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: 'Cancel',
  });
  return result.isConfirmed;
}

/**
 * The error dialog for a failed action, shown once. A refusal that ended the session (a 401
 * whose token could not be renewed) has already logged out and told the user so (the
 * session provider listens to the API client), so it gets no second dialog.
 */
export async function reportActionError(error: unknown) {
  if (isSessionEndingError(error)) return;
  if (isTryAgainError(error)) {
    // The server ran out of time (a stalled database), so the action may or may not have been
    // saved; likes, reviews, requests and payments are never applied twice (ADR 0019).
    await showError(
      tryAgainMessage,
      'The server took too long to answer. Your action may still go through: repeating it will not do it twice.',
    );
    return;
  }
  await showError(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
}

/**
 * Sends a form's change; a failure gets the one error dialog (reportActionError) and is thrown
 * again, so the form stays open with what was typed.
 */
export async function sendOrReport<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    await reportActionError(error);
    throw error;
  }
}

/**
 * Asks before a change and makes it once confirmed; a failure gets the one error dialog
 * (reportActionError). Resolves with what the change answered, or undefined when the user
 * said no or the change failed.
 */
export async function confirmThenRun<T>(
  [title, text, confirmButtonText]: [title: string, text: string, confirmButtonText: string],
  change: () => Promise<T>,
): Promise<T | undefined> {
  if (!(await confirmAction(title, text, confirmButtonText))) return undefined;
  try {
    return await change();
  } catch (error) {
    await reportActionError(error);
    return undefined;
  }
}
