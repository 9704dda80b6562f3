import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminOnly, caller, emailInScope, signedIn } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { serve } from '../../lib/route.js';
import { changeRole, createProfile, profileByEmail, searchUsers, updateDietProfile } from './service.js';

export const usersRouter = Router();

serve(usersRouter, endpoints.createUser, signedIn, ({ body }, res) => {
  const user = caller(res);
  assertOwnEmail(body.email, user.email);
  return createProfile(user, { name: body.name, photoURL: body.photoURL });
});

serve(usersRouter, endpoints.user, signedIn, async ({ query }, res) =>
  profileByEmail(caller(res), await emailInScope(res, query.email)),
);

serve(usersRouter, endpoints.updateDiet, signedIn, ({ body }, res) => updateDietProfile(caller(res).uid, body));

serve(usersRouter, endpoints.users, adminOnly, ({ query }) => searchUsers(query));

serve(usersRouter, endpoints.changeRole, adminOnly, ({ params, body }, res) =>
  changeRole(caller(res).uid, params.uid, body.role),
);
