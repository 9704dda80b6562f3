import { Router } from 'express';
import type { z } from 'zod';
import { caller, emailInScope, requireAdmin, requireUser } from '../../lib/auth.js';
import { forbidden } from '../../lib/errors.js';
import { validate, validQuery } from '../../lib/validate.js';
import { createUserBody, roleBody, roleParams, userQuery, usersSearchQuerySchema } from './schemas.js';
import { changeRole, createProfile, profileByEmail, searchUsers } from './service.js';

export const usersRouter = Router();

usersRouter.post('/users', requireUser, validate({ body: createUserBody }), async (req, res) => {
  const user = caller(res);
  const body = req.body as z.infer<typeof createUserBody>;
  if (body.email && body.email.toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden('The email does not match your sign-in');
  }
  res.status(201).json(await createProfile(user, { name: body.name, photoURL: body.photoURL }));
});

usersRouter.get('/user', requireUser, validate({ query: userQuery }), async (_req, res) => {
  const { email } = validQuery<z.infer<typeof userQuery>>(res);
  const inScope = await emailInScope(res, email);
  res.json(await profileByEmail(caller(res), inScope));
});

usersRouter.get('/users', requireUser, requireAdmin, validate({ query: usersSearchQuerySchema }), async (_req, res) => {
  res.json(await searchUsers(validQuery<z.infer<typeof usersSearchQuerySchema>>(res)));
});

usersRouter.patch(
  '/users/:uid/role',
  requireUser,
  requireAdmin,
  validate({ params: roleParams, body: roleBody }),
  async (req, res) => {
    const { role } = req.body as z.infer<typeof roleBody>;
    res.json(await changeRole(caller(res).uid, String(req.params.uid), role));
  },
);
