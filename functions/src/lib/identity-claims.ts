import { forbidden } from './errors.js';

/**
 * The spec's client sends the user's own email in some bodies. It is accepted for
 * compatibility, but a different address means the client is acting for someone else.
 */
export function assertOwnEmail(claimed: string | null | undefined, callerEmail: string): void {
  if (claimed && claimed.trim().toLowerCase() !== callerEmail.toLowerCase()) {
    throw forbidden('The email does not match your sign-in');
  }
}
