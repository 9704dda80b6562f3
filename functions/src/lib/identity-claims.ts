import { forbidden } from './errors.js';

/**
 * Some bodies carry the user's own email, because the site has always sent it. It is
 * accepted, but never acted on: a different address means the client is acting for someone
 * else, which is refused.
 */
export function assertOwnEmail(claimed: string | null | undefined, callerEmail: string): void {
  if (claimed && claimed.trim().toLowerCase() !== callerEmail.toLowerCase()) {
    throw forbidden('The email does not match your sign-in');
  }
}
