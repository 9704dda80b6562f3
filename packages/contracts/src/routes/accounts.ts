// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Signing in and the users: the token exchange, profiles, email preferences and roles.
import { answer, type Route } from './route.js';

export const accountRoutes = {
  health: {
    method: 'get',
    path: '/health',
    access: 'public',
    summary: 'Readiness check',
    answer: answer('Health'),
  },
  jwt: {
    method: 'post',
    path: '/jwt',
    access: 'public',
    summary: 'Exchange a Firebase ID token (Authorization: Bearer) for the API token',
    answer: answer('ApiToken'),
    also: [403],
  },

  // Users
  createUser: {
    method: 'post',
    path: '/users',
    access: 'user',
    summary: "Store the caller's profile (a Bronze student)",
    answer: answer('Inserted', 201),
    also: [403],
  },
  user: {
    method: 'get',
    path: '/user',
    access: 'user',
    summary: "The caller's profile (an admin may name another email)",
    answer: answer('UserProfile'),
    also: [403, 404],
  },
  updateDiet: {
    method: 'patch',
    path: '/user/diet',
    access: 'user',
    summary: "Set the caller's diet profile: the allergens they avoid and the diets they keep",
    answer: answer('DietProfile'),
    also: [404],
  },
  updateEmailPreferences: {
    method: 'patch',
    path: '/user/email-preferences',
    access: 'user',
    summary: 'Turn kinds of email on or off for the caller; answers every kind',
    answer: answer('EmailPreferences'),
    also: [404],
  },
  unsubscribe: {
    method: 'get',
    path: '/unsubscribe',
    access: 'public',
    summary: "An email's unsubscribe link (signed token): a page saying what it will turn off",
    answer: answer('text/html'),
    also: [answer('text/html', 400), answer('text/html', 404), answer('text/html', 410)],
  },
  unsubscribeOneClick: {
    method: 'post',
    path: '/unsubscribe',
    access: 'public',
    summary: "Turns the kind of the signed token off (RFC 8058 one-click, and the page's button)",
    answer: answer('text/html'),
    also: [answer('text/html', 400), answer('text/html', 404), answer('text/html', 410)],
  },
  users: {
    method: 'get',
    path: '/users',
    access: 'admin',
    summary: 'Search users by the start of a word of their name or email',
    answer: answer('Page<ManagedUser>'),
  },
  changeRole: {
    method: 'patch',
    path: '/users/:uid/role',
    access: 'admin',
    summary: "Change a user's role",
    answer: answer('Modified'),
    also: [404, 409],
  },
} as const satisfies Record<string, Route>;
