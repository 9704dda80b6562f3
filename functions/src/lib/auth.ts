import type { UserAccount } from '@hostelhub/contracts';
import type { NextFunction, Request, Response } from 'express';
import { verifyApiToken, type TokenClaims } from './api-token.js';
import { forbidden, unauthorized } from './errors.js';
import { loadProfile } from './profiles.js';

export function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The verified caller of a route behind requireUser. */
export function caller(res: Response): TokenClaims {
  const user = res.locals.user as TokenClaims | undefined;
  if (!user) throw unauthorized();
  return user;
}

/** The caller of a public route, when it sent a valid token; null for anonymous visitors. */
export function optionalCaller(res: Response): TokenClaims | null {
  return (res.locals.user as TokenClaims | undefined) ?? null;
}

export function requireUser(req: Request, res: Response, next: NextFunction) {
  const token = bearerToken(req);
  if (!token) return next(unauthorized('Missing bearer token'));
  const claims = verifyApiToken(token);
  if (!claims) return next(unauthorized('Invalid or expired token'));
  res.locals.user = claims;
  next();
}

/** Public routes that show more to a signed-in caller; a bad token just means anonymous. */
export function identifyUser(req: Request, res: Response, next: NextFunction) {
  const token = bearerToken(req);
  const claims = token ? verifyApiToken(token) : null;
  if (claims) res.locals.user = claims;
  next();
}

/** Checked on every request, so a role change takes effect at once. */
export async function requireAdmin(req: Request, res: Response, next: NextFunction) {
  const profile = await loadProfile(caller(res).uid);
  if (profile?.role !== 'admin') return next(forbidden('Admins only'));
  res.locals.profile = profile;
  next();
}

/** The profile requireAdmin loaded for this request. */
export function adminProfile(res: Response): UserAccount {
  const profile = res.locals.profile as UserAccount | undefined;
  if (!profile) throw forbidden('Admins only');
  return profile;
}

/**
 * Routes that take `?email=` accept only the caller's own address, unless the caller is
 * an admin. Returns the email the route should act on.
 */
export async function emailInScope(res: Response, requested: string | undefined): Promise<string> {
  const { uid, email } = caller(res);
  if (!requested || requested.toLowerCase() === email.toLowerCase()) return email;
  const profile = await loadProfile(uid);
  if (profile?.role !== 'admin') throw forbidden('You may only read your own records');
  return requested;
}
