import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { Answer, AnswerOf, Endpoint, EndpointAccess } from '@hostelhub/contracts';
import { identifyUser, requireAdmin, requireStaff, requireUser } from './auth.js';
import { badRequest } from './errors.js';

/** The schemas a route parses with; an endpoint of the contracts' table also names its answer. */
type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; answer?: Answer<unknown> };
type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a handler receives: each part of the request parsed by its schema. */
export type RouteInput<S extends Schemas> = {
  params: Parsed<S['params']>;
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
};

/** Describes the first problem in a zod error with the field it concerns. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * A route's final handler. The request's params, query and body are parsed with the given
 * schemas (a mistake is a 400 `{message}` through the error middleware) and the handler
 * gets the parsed values typed by those same schemas, so a handler cannot read a field its
 * schema does not declare. Given an entry of the contracts' endpoint table, the schemas are
 * the entry's and `res.json` takes only the contract type the entry answers.
 */
export function route<S extends Schemas>(
  schemas: S,
  handler: (input: RouteInput<S>, req: Request, res: Response<AnswerOf<S>>) => Promise<void> | void,
): RequestHandler {
  return async (req, res) => {
    const input: Record<string, unknown> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(req[part] ?? {});
      if (!result.success) throw badRequest(describeIssue(result.error));
      input[part] = result.data;
    }
    await handler(input as RouteInput<S>, req, res);
  };
}

/**
 * The guards each `access` of the endpoint table asks for: none for `public`, a valid token
 * for `user`, and the role read from Firestore now for `staff` and `admin`.
 */
const guardsByAccess: Record<EndpointAccess, readonly RequestHandler[]> = {
  public: [],
  user: [requireUser],
  staff: [requireUser, requireStaff],
  admin: [requireUser, requireAdmin],
};

/** `identifyCaller`: a public route that shows more to a signed-in caller reads the token if sent. */
export type HandleOptions = { identifyCaller?: boolean };

/** The guards of an entry of the endpoint table, from its `access`: no router restates them. */
export function guardsOf(endpoint: Pick<Endpoint, 'access'>, options: HandleOptions = {}): RequestHandler[] {
  if (options.identifyCaller && endpoint.access === 'public') return [identifyUser];
  return [...guardsByAccess[endpoint.access]];
}

/** What a handler given to `handle` answers: the entry's contract type, sent as JSON. */
type Answering<E extends Schemas> = (input: RouteInput<E>, res: Response<AnswerOf<E>>) => Promise<AnswerOf<E>>;

/**
 * Registers an entry of the endpoint table on `router`: its method and path from the table,
 * then the guards its `access` asks for, then the handler with the request parsed by the
 * entry's schemas. The handler returns the answer, sent with the status the table gives it
 * (`answer(name, 201)`). A route that answers otherwise (another status for one outcome, a
 * download, a page) uses `handleRaw`.
 */
export function handle<E extends Endpoint>(
  router: Router,
  endpoint: E,
  handler: Answering<E>,
  options: HandleOptions = {},
): void {
  router[endpoint.method](
    endpoint.path,
    ...guardsOf(endpoint, options),
    route(endpoint, async (input, _req, res) => {
      const answer = await handler(input, res);
      res.status(endpoint.answer.status).json(answer);
    }),
  );
}

/** Registers an entry like `handle`, with a handler that sends its own answer. */
export function handleRaw<E extends Endpoint>(
  router: Router,
  endpoint: E,
  handler: (input: RouteInput<E>, req: Request, res: Response<AnswerOf<E>>) => Promise<void> | void,
  options: HandleOptions = {},
): void {
  router[endpoint.method](endpoint.path, ...guardsOf(endpoint, options), route(endpoint, handler));
}
