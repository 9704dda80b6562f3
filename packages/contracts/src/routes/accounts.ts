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
