import { emails } from './emails.js';
import { sendToAdmins } from './mail.js';

/**
 * Tells the admins who get `complaints` emails about a complaint or a flagged review: `id`
 * names it (an email per admin, however often this is called for it), `summary` is the
 * member's words (sent as text) and `path` the dashboard page to open it. Answers how many
 * emails were written.
 */
export const emailAdminsAboutComplaint = (input: { id: string; title: string; summary: string; path: string }) =>
  sendToAdmins(emails.complaint(input.id, input.title, input.summary, input.path));
