// What the fake Stripe's model and routes both use: ids, lists and Stripe's error bodies.
import { randomBytes } from 'node:crypto';
export const randomId = (prefix) => `${prefix}_fake${randomBytes(10).toString('hex')}`;
/** A deep copy, as an event or an answer carries an object as it was then. */
export const snapshot = (object) => JSON.parse(JSON.stringify(object));
export const list = (data) => ({ object: 'list', data, has_more: false, url: '/v1/list' });
export const stripeError = (status, type, message, code) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});
export const missing = (kind, id) =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');
