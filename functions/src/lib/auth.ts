import type { NextFunction, Request, Response } from 'express';
import type { UserAccount } from '@hostelhub/contracts';
import { accountState, tokenStillValid } from './account-state.js';
import { verifyApiToken, type TokenClaims, type VerifiedToken } from './api-token.js';
import { forbidden, unauthorized } from './errors.js';
import { loadProfile } from './profiles.js';

export function bearerToken(req: Request): string | null {
  const header = req.header('authorization') ?? '';
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

/** What a token of an account that ended is told (a 401). */
export const sessionEndedMessage = 'Your session has ended: sign in again';
const sessionEnded = sessionEndedMessage;

async function stillValid(token: VerifiedToken, fresh = false): Promise<boolean> {
  return tokenStillValid(await accountState(token.uid, { fresh }), token.issuedAt);
}

/** A valid token of an account that is still enabled and was not revoked after signing it. */
export async function requireUser(req: Request, res: Response, next: NextFunction) {
  const token = bearerToken(req);
  if (!token) return next(unauthorized('Missing bearer token'));
  const verified = verifyApiToken(token);
  if (!verified) return next(unauthorized('Invalid or expired token'));
  if (!(await stillValid(verified))) return next(unauthorized(sessionEnded));
  res.locals.user = { uid: verified.uid, email: verified.email } satisfies TokenClaims;
  res.locals.token = verified;
  next();
}

/** Public routes that show more to a signed-in caller; a bad or revoked token just means anonymous. */
export async function identifyUser(req: Request, res: Response, next: NextFunction) {
  const token = bearerToken(req);
  const verified = token ? verifyApiToken(token) : null;
  if (verified && (await stillValid(verified).catch(() => false))) {
    res.locals.user = { uid: verified.uid, email: verified.email } satisfies TokenClaims;
  }
  next();
}

/** Kitchen staff run the counter, the kitchen view and Serve Meals; admins may do all of it too. */
export const isStaffOrAdmin = (profile: Pick<UserAccount, 'role'> | null | undefined): boolean =>
  profile?.role === 'staff' || profile?.role === 'admin';

/**
 * The role guards. Checked on every request, so a role change takes effect at once. These
 * rights are worth a fresh look at the account too, so a disabled or revoked admin or member
 * of staff loses them immediately.
 */
async function requireRole(
  allowed: (profile: UserAccount | null) => boolean,
  refusal: string,
  res: Response,
  next: NextFunction,
) {
  const token = res.locals.token as VerifiedToken | undefined;
  if (!token || !(await stillValid(token, true))) return next(unauthorized(sessionEnded));
  const profile = await loadProfile(caller(res).uid);
  if (!profile || !allowed(profile)) return next(forbidden(refusal));
  res.locals.profile = profile;
  next();
}

/** `admin` routes of the endpoint table: the caller is an admin in Firestore now. */
export function requireAdmin(_req: Request, res: Response, next: NextFunction) {
  return requireRole((profile) => profile?.role === 'admin', 'Admins only', res, next);
}

/** `staff` routes of the endpoint table: the caller is kitchen staff or an admin in Firestore now. */
export function requireStaff(_req: Request, res: Response, next: NextFunction) {
  return requireRole(isStaffOrAdmin, 'Kitchen staff and admins only', res, next);
}

/** The profile requireAdmin or requireStaff loaded for this request. */
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
