import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { signApiToken } from '../../lib/api-token.js';
import { bearerToken } from '../../lib/auth.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { adminAuth } from '../../lib/firestore.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { handle, handleRaw } from '../../lib/route.js';

export const sessionRouter = Router();

/**
 * POST /jwt: exchanges a Firebase ID token (Authorization: Bearer) for the API's token,
 * issued for that ID token's own uid and email only.
 */
handleRaw(sessionRouter, endpoints.jwt, async ({ body }, req, res) => {
  const idToken = bearerToken(req);
  if (!idToken) throw unauthorized('Missing Firebase ID token');
  let decoded;
  try {
    decoded = await adminAuth.verifyIdToken(idToken, true);
  } catch {
    throw unauthorized('Invalid or expired Firebase ID token');
  }
  if (!decoded.email) throw forbidden('Your account has no email address');
  assertOwnEmail(body.email, decoded.email);
  res.json({ token: signApiToken({ uid: decoded.uid, email: decoded.email }) });
});

handle(sessionRouter, endpoints.health, async () => ({ ok: true }) as const);
