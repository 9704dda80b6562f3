// What an entry of the endpoint table says: where the route is, who may call it and the
// contract type it answers. Each area's routes (this folder) are typed against it.
import type { AnswerTypes } from '../answer-types.js';

/**
 * Who may call: `public` anyone (a token, where sent, only adds the caller's own flags),
 * `user` any valid API token, `staff` a token whose user is kitchen staff or an admin in
 * Firestore now, `admin` a token whose user is an admin in Firestore now.
 */
export const endpointAccess = ['public', 'user', 'staff', 'admin'] as const;
export type EndpointAccess = (typeof endpointAccess)[number];

export type EndpointMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The contract type a route answers: its name for the documents, its type for the code. */
export type Answer<T> = { readonly name: string; readonly status: number; readonly __type?: T };

/** The answers that are text rather than JSON: a page, a CSV download, the menu's feeds (ADR 77). */
export type TextAnswer = 'text/html' | 'text/csv' | 'text/calendar' | 'application/xml';

/** The type an answer's name stands for: its entry in AnswerTypes, or text. */
export type AnswerTypeOf<N extends keyof AnswerTypes | TextAnswer> = N extends keyof AnswerTypes
  ? AnswerTypes[N]
  : string;

/**
 * Names the contract type a route answers with `status` (200 unless given). The name is the
 * type's key in AnswerTypes (answer-types.ts), so a name is written once and its type follows.
 */
export const answer = <N extends keyof AnswerTypes | TextAnswer>(name: N, status = 200): Answer<AnswerTypeOf<N>> => ({
  name,
  status,
});

/** The status of a route's own refusals (`{ message }` naming the problem), beyond the common ones. */
export type RefusalStatus = 400 | 402 | 403 | 404 | 409 | 410 | 502;

/** A route of the table: where it is, who may call it and what it answers. */
export type Route = {
  readonly method: EndpointMethod;
  /** Express syntax (`/meal/:id`), as the API registers it, without the `/api` prefix. */
  readonly path: string;
  readonly access: EndpointAccess;
  readonly answer: Answer<unknown>;
  /**
   * What else the route answers beyond `answer` and what every route of its kind answers
   * (openapi.ts: 400 for a malformed request, 401 and 403 as `access` says, 413, 429, 503):
   * a further answer with its own type (`answer(name, 208)`), or the status of a refusal
   * whose body is `{ message }`. The OpenAPI document lists each with its schema.
   */
  readonly also?: readonly (Answer<unknown> | RefusalStatus)[];
  /**
   * The handler calls Stripe: the API limits these calls per user beyond its limit on writes
   * (functions/src/lib/rate-limit.ts, ADR 0018). Every route that calls Stripe says so here.
   */
  readonly callsStripe?: true;
  /**
   * The handler reads every document of one person (a member's data export, ADR 75): counted
   * per user under the same stricter limit as the routes that call Stripe.
   */
  readonly expensive?: true;
};

/** The TypeScript type an endpoint answers. */
export type AnswerOf<E> = E extends { answer: Answer<infer T> } ? T : unknown;
