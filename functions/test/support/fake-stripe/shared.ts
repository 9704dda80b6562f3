// What the fake Stripe's model and routes both use: ids, lists and Stripe's error bodies.
import { randomBytes } from 'node:crypto';

export type Obj = Record<string, any>;

/** An answer of the fake API: an HTTP status and the JSON body. */
export type Reply = { status: number; body: unknown };

export const randomId = (prefix: string) => `${prefix}_fake${randomBytes(10).toString('hex')}`;

/** A deep copy, as an event or an answer carries an object as it was then. */
export const snapshot = (object: Obj) => JSON.parse(JSON.stringify(object)) as Obj;

export const list = (data: Obj[]) => ({ object: 'list', data, has_more: false, url: '/v1/list' });

export const stripeError = (status: number, type: string, message: string, code?: string): Reply => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

export const missing = (kind: string, id: string) =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');
