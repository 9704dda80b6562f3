import { ApiRequestError } from './api-client';
import { showError } from './dialogs';

/**
 * The error dialog for a failed action. A 401/403 already ended the session and told the
 * user so (see the session provider), so it is not reported twice.
 */
export function reportActionError(error: unknown) {
  if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return;
  void showError(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
}
