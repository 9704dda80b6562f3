import { Router } from 'express';
import { z } from 'zod';
import { signApiToken } from '../../lib/api-token.js';
import { bearerToken } from '../../lib/auth.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { adminAuth } from '../../lib/firestore.js';
import { validate } from '../../lib/validate.js';

export const sessionRouter = Router();

const jwtBody = z.object({ email: z.string().email().optional() }).strict();

/**
 * POST /jwt: exchanges a Firebase ID token (Authorization: Bearer) for the API's token,
 * issued for that ID token's own uid and email only.
 */
sessionRouter.post('/jwt', validate({ body: jwtBody }), async (req, res) => {
  const idToken = bearerToken(req);
  if (!idToken) throw unauthorized('Missing Firebase ID token');
  let decoded;
  try {
    decoded = await adminAuth.verifyIdToken(idToken, true);
  } catch {
    throw unauthorized('Invalid or expired Firebase ID token');
  }
  if (!decoded.email) throw forbidden('Your account has no email address');
  const { email } = req.body as z.infer<typeof jwtBody>;
  if (email && email.toLowerCase() !== decoded.email.toLowerCase()) {
    throw forbidden('The email does not match your sign-in');
  }
  res.json({ token: signApiToken({ uid: decoded.uid, email: decoded.email }) });
});

sessionRouter.get('/health', (_req, res) => {
  res.json({ ok: true });
});
