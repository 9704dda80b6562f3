// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// The weekly menu (ADR 0029): servings, closed days, the menu email and the kitchen (reservations
// of a serving are in routes/reservations.ts).
import { answer, type Route } from './route.js';

export const menuRoutes = {
  menu: {
    method: 'get',
    path: '/menu',
    access: 'public',
    answer: answer('Menu'),
    also: [404],
  },
  mealServings: {
    method: 'get',
    path: '/meal/:id/servings',
    access: 'public',
    answer: answer('MealServings'),
    also: [404],
  },
  addServing: {
    method: 'post',
    path: '/servings',
    access: 'admin',
    answer: answer('Inserted', 201),
    also: [404, 409],
  },
  updateServing: {
    method: 'patch',
    path: '/servings/:id',
    access: 'admin',
    answer: answer('Modified'),
    also: [404, 409],
  },
  deleteServing: {
    method: 'delete',
    path: '/servings/:id',
    access: 'admin',
    answer: answer('Deleted'),
    also: [404, 409],
  },
  closeDay: {
    method: 'put',
    path: '/closed-days/:date',
    access: 'admin',
    answer: answer('Modified'),
    also: [409],
  },
  reopenDay: {
    method: 'delete',
    path: '/closed-days/:date',
    access: 'admin',
    answer: answer('Deleted'),
    also: [404],
  },
  copyWeek: {
    method: 'post',
    path: '/menu/copy-week',
    access: 'admin',
    answer: answer('WeekCopied', 201),
  },
  emailSettings: {
    method: 'get',
    path: '/email-settings',
    access: 'admin',
    answer: answer('EmailSettings'),
  },
  updateEmailSettings: {
    method: 'put',
    path: '/email-settings',
    access: 'admin',
    answer: answer('EmailSettings'),
  },
  kitchen: {
    method: 'get',
    path: '/kitchen',
    access: 'staff',
    answer: answer('KitchenDay'),
    also: [answer('text/csv'), 404],
  },
} as const satisfies Record<string, Route>;
