// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Dining halls (ADR 72): the public list, the admins' changes and the hostel's hall settings.
import { answer, type Route } from './route.js';

export const hallRoutes = {
  halls: {
    method: 'get',
    path: '/halls',
    access: 'public',
    answer: answer('Halls'),
  },
  addHall: {
    method: 'post',
    path: '/halls',
    access: 'admin',
    answer: answer('Inserted', 201),
    also: [409],
  },
  updateHall: {
    method: 'patch',
    path: '/halls/:id',
    access: 'admin',
    answer: answer('Modified'),
    also: [404, 409],
  },
  deleteHall: {
    method: 'delete',
    path: '/halls/:id',
    access: 'admin',
    answer: answer('Deleted'),
    also: [404, 409],
  },
  setHomeHall: {
    method: 'put',
    path: '/users/:uid/home-hall',
    access: 'admin',
    answer: answer('Modified'),
    also: [404],
  },
  assignHalls: {
    method: 'put',
    path: '/users/:uid/halls',
    access: 'admin',
    answer: answer('Modified'),
    also: [404, 409],
  },
  chooseNextHall: {
    method: 'put',
    path: '/user/next-hall',
    access: 'user',
    answer: answer('NextHall'),
    also: [403, 404, 409],
  },
  hallSettings: {
    method: 'get',
    path: '/hall-settings',
    access: 'admin',
    answer: answer('HallSettings'),
  },
  updateHallSettings: {
    method: 'put',
    path: '/hall-settings',
    access: 'admin',
    answer: answer('HallSettings'),
  },
} as const satisfies Record<string, Route>;
