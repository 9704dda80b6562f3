import { Router } from 'express';
import { createUserBody, roleBody, roleParams, userQuery, usersSearchQuery } from '@hostelhub/contracts';
import { caller, emailInScope, requireAdmin, requireUser } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { route } from '../../lib/route.js';
import { changeRole, createProfile, profileByEmail, searchUsers } from './service.js';

export const usersRouter = Router();

usersRouter.post(
  '/users',
  requireUser,
  route({ body: createUserBody }, async ({ body }, _req, res) => {
    const user = caller(res);
    assertOwnEmail(body.email, user.email);
    res.status(201).json(await createProfile(user, { name: body.name, photoURL: body.photoURL }));
  }),
);

usersRouter.get(
  '/user',
  requireUser,
  route({ query: userQuery }, async ({ query }, _req, res) => {
    const inScope = await emailInScope(res, query.email);
    res.json(await profileByEmail(caller(res), inScope));
  }),
);

usersRouter.get(
  '/users',
  requireUser,
  requireAdmin,
  route({ query: usersSearchQuery }, async ({ query }, _req, res) => {
    res.json(await searchUsers(query));
  }),
);

usersRouter.patch(
  '/users/:uid/role',
  requireUser,
  requireAdmin,
  route({ params: roleParams, body: roleBody }, async ({ params, body }, _req, res) => {
    res.json(await changeRole(caller(res).uid, params.uid, body.role));
  }),
);
