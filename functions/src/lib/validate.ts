import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { badRequest } from './errors.js';

type Schemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };

/** Describes the first problem in a zod error with the field it concerns. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Validates body, query and params. Parsed values replace the raw ones (query lives on a
 * getter in Express 5, so the parsed query is stored on res.locals.query).
 */
export function validate(schemas: Schemas) {
  return (req: Request, res: Response, next: NextFunction) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(req[part] ?? {});
      if (!result.success) return next(badRequest(describeIssue(result.error)));
      if (part === 'query') res.locals.query = result.data;
      else req[part] = result.data;
    }
    next();
  };
}

/** The validated query of a request that went through validate({ query }). */
export function validQuery<T>(res: Response): T {
  return res.locals.query as T;
}
