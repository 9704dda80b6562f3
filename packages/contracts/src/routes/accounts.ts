// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Signing in and the users: the token exchange, profiles, email preferences and roles.
import { answer, type Route } from './route.js';

export const accountRoutes = {
  health: {
    method: 'get',
    path: '/health',
    access: 'public',
    answer: answer('Health'),
  },
  jwt: {
    method: 'post',
    path: '/jwt',
    access: 'public',
    answer: answer('ApiToken'),
    also: [403],
  },

  // Users
  createUser: {
    method: 'post',
    path: '/users',
    access: 'user',
    answer: answer('Inserted', 201),
    also: [403],
  },
  user: {
    method: 'get',
    path: '/user',
    access: 'user',
    answer: answer('UserProfile'),
    also: [403, 404],
  },
  updateDiet: {
    method: 'patch',
    path: '/user/diet',
    access: 'user',
    answer: answer('DietProfile'),
    also: [404],
  },
  // A resident's rights (ADR 75): their data as one file, and closing their account.
  myData: {
    method: 'get',
    path: '/user/export',
    access: 'user',
    answer: answer('MyData'),
    expensive: true,
  },
  closeAccount: {
    method: 'delete',
    path: '/user',
    access: 'user',
    answer: answer('Deleted'),
    also: [403, 409, 502],
    callsStripe: true,
  },
  updateEmailPreferences: {
    method: 'patch',
    path: '/user/email-preferences',
    access: 'user',
    answer: answer('EmailPreferences'),
    also: [404],
  },
  // Push reminders (ADR 81): the member's choices and the browsers they receive push on.
  pushSettings: {
    method: 'get',
    path: '/user/push',
    access: 'user',
    answer: answer('PushSettings'),
    also: [404],
  },
  updatePushPreferences: {
    method: 'patch',
    path: '/user/push-preferences',
    access: 'user',
    answer: answer('PushPreferences'),
    also: [404],
  },
  addPushDevice: {
    method: 'post',
    path: '/user/push-devices',
    access: 'user',
    answer: answer('PushDevice', 201),
    also: [404],
  },
  removePushDevice: {
    method: 'delete',
    path: '/user/push-devices/:deviceId',
    access: 'user',
    answer: answer('Deleted'),
  },
  unsubscribe: {
    method: 'get',
    path: '/unsubscribe',
    access: 'public',
    answer: answer('text/html'),
    also: [answer('text/html', 400), answer('text/html', 404), answer('text/html', 410)],
  },
  unsubscribeOneClick: {
    method: 'post',
    path: '/unsubscribe',
    access: 'public',
    answer: answer('text/html'),
    also: [answer('text/html', 400), answer('text/html', 404), answer('text/html', 410)],
  },
  users: {
    method: 'get',
    path: '/users',
    access: 'admin',
    answer: answer('Page<ManagedUser>'),
  },
  changeRole: {
    method: 'patch',
    path: '/users/:uid/role',
    access: 'admin',
    answer: answer('Modified'),
    also: [404, 409],
  },
} as const satisfies Record<string, Route>;
