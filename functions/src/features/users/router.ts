import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller, emailInScope, requireAdmin, requireUser } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { route } from '../../lib/route.js';
import { changeRole, createProfile, profileByEmail, searchUsers, updateDietProfile } from './service.js';

export const usersRouter = Router();

usersRouter.post(
  endpoints.createUser.path,
  requireUser,
  route(endpoints.createUser, async ({ body }, _req, res) => {
    const user = caller(res);
    assertOwnEmail(body.email, user.email);
    res.status(201).json(await createProfile(user, { name: body.name, photoURL: body.photoURL }));
  }),
);

usersRouter.get(
  endpoints.user.path,
  requireUser,
  route(endpoints.user, async ({ query }, _req, res) => {
    const inScope = await emailInScope(res, query.email);
    res.json(await profileByEmail(caller(res), inScope));
  }),
);

usersRouter.patch(
  endpoints.updateDiet.path,
  requireUser,
  route(endpoints.updateDiet, async ({ body }, _req, res) => {
    res.json(await updateDietProfile(caller(res).uid, body));
  }),
);

usersRouter.get(
  endpoints.users.path,
  requireUser,
  requireAdmin,
  route(endpoints.users, async ({ query }, _req, res) => {
    res.json(await searchUsers(query));
  }),
);

usersRouter.patch(
  endpoints.changeRole.path,
  requireUser,
  requireAdmin,
  route(endpoints.changeRole, async ({ params, body }, _req, res) => {
    res.json(await changeRole(caller(res).uid, params.uid, body.role));
  }),
);
