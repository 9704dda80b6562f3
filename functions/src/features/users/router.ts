import { Router, type Response } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile, caller, emailInScope } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { handle, handleRaw } from '../../lib/route.js';
import {
  previewUnsubscribe,
  unsubscribe,
  unsubscribeHtml,
  updateEmailPreferences,
  type UnsubscribePage,
} from './email-preferences.js';
import { changeRole, createProfile, profileByEmail, searchUsers, updateDietProfile } from './service.js';
import { actorOf } from '../../lib/admin-actions.js';
import { closeAccount } from './close-account.js';
import { sendMyData } from './my-data.js';

export const usersRouter = Router();

handle(usersRouter, endpoints.createUser, ({ body }, res) => {
  const user = caller(res);
  assertOwnEmail(body.email, user.email);
  return createProfile(user, { name: body.name, photoURL: body.photoURL });
});

handle(usersRouter, endpoints.user, async ({ query }, res) =>
  profileByEmail(caller(res), await emailInScope(res, query.email)),
);

/** GET /user/export (ADR 75): the caller's data as a download. */
handleRaw(usersRouter, endpoints.myData, (_input, _req, res) => sendMyData(res, caller(res)));

/** DELETE /user (ADR 75): closes the caller's account after a recent sign-in. */
handle(usersRouter, endpoints.closeAccount, ({ body }, res) => closeAccount(caller(res), body.idToken));

handle(usersRouter, endpoints.updateDiet, ({ body }, res) => updateDietProfile(caller(res).uid, body));

handle(usersRouter, endpoints.users, ({ query }) => searchUsers(query));

handle(usersRouter, endpoints.changeRole, ({ params, body }, res) =>
  changeRole(actorOf(adminProfile(res)), params.uid, body.role),
);

handle(usersRouter, endpoints.updateEmailPreferences, ({ body }, res) => updateEmailPreferences(caller(res).uid, body));

/** An unsubscribe page: HTML of its own, never kept by a cache, the token kept out of referrers. */
function sendUnsubscribePage(res: Response, page: UnsubscribePage, token: string) {
  res.set('Content-Type', 'text/html; charset=utf-8');
  res.set('Referrer-Policy', 'no-referrer');
  res.set('X-Robots-Tag', 'noindex');
  res.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  res.status(page.status).end(unsubscribeHtml(page, token));
}

/** GET /unsubscribe?token=: says what the link turns off (mail scanners open links: nothing changes). */
handleRaw(usersRouter, endpoints.unsubscribe, async ({ query }, _req, res) => {
  sendUnsubscribePage(res, await previewUnsubscribe(query.token), query.token);
});

/** POST /unsubscribe?token=: turns that kind off (the page's button and RFC 8058's one-click POST). */
handleRaw(usersRouter, endpoints.unsubscribeOneClick, async ({ query }, _req, res) => {
  sendUnsubscribePage(res, await unsubscribe(query.token), query.token);
});
