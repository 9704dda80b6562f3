// The dialogs' code loads with the first message, not with every page's first scripts.

// The dialog is open (or the session is being ended before it opens): a second cause of the
// same ending (a refused call and Firebase's own sign-out, several refused calls) says nothing.
let telling = false;

/**
 * Ends the session with `end` (when the site still has to), then says "Your session has
 * ended", once however many causes report it at the same moment. Used when the API refused a
 * renewal or Firebase ended the session by itself (account disabled, deleted or revoked).
 */
export function tellSessionEnded(end: () => Promise<void> = () => Promise.resolve()) {
  if (telling) return;
  telling = true;
  end()
    .then(() => import('@/lib/dialogs'))
    .then(({ showError }) => showError('Your session has ended', 'Please log in again.'))
    .catch((error: unknown) => console.error('Could not end the session', error))
    .finally(() => {
      telling = false;
    });
}
