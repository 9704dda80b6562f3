import type { RequestedMeal } from '@hostelhub/contracts';

/** A request as the list calls return it, by a member, served or cancelled per `status`. */
export const makeRequestedMeal = (id: string, title: string, status: RequestedMeal['status']): RequestedMeal => ({
  _id: id,
  mealId: `meal-${id}`,
  title,
  likes: 3,
  reviews_count: 2,
  status,
  userEmail: 'student@hostelhub.test',
  userName: 'Sam Student',
  requestedAt: '2026-11-20T10:00:00.000Z',
  servedAt: status === 'delivered' ? '2026-11-20T11:00:00.000Z' : null,
  cancelledAt: status === 'cancelled' ? '2026-11-20T11:00:00.000Z' : null,
  priority: false,
});
