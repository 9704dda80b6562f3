import { FieldPath, type Query } from 'firebase-admin/firestore';
import { membershipStatuses } from '@hostelhub/contracts';
import { collections, db } from '../../lib/firestore.js';

// The insights' reads (ADR 0036). Rollup documents carry `date` (a day) or `month` (a
// month), so one range query reads either kind; every query here is served by single-field
// indexes.

const rollups = () => db.collection(collections.rollups);

/** Every month rollup up to `to` (`YYYY-MM`): the members series adds them up from the start. */
export const monthsOfRollupsUntil = (to: string): Query => rollups().where('month', '<=', to).orderBy('month');

/** The day rollups from `from` to `to` (`YYYY-MM-DD`), both included: only days with activity exist. */
export const daysOfRollups = (from: string, to: string): Query =>
  rollups().where('date', '>=', from).where('date', '<=', to).orderBy('date');

/**
 * Meals ordered by a counter. By rating, only meals with a review (a rating is 1 to 5 once
 * reviewed, 0 before).
 */
export function mealsByCounter(counter: 'likesCount' | 'rating', direction: 'asc' | 'desc'): Query {
  const meals = db.collection(collections.meals);
  return (counter === 'rating' ? meals.where('rating', '>', 0) : meals).orderBy(counter, direction);
}

/** Payments paid in [start, end), oldest first: GET /exports/payments.csv reads it a page at a time. */
export const paymentsPaidBetween = (start: Date, end: Date): Query =>
  db.collection(collections.payments).where('paidAt', '>=', start).where('paidAt', '<', end).orderBy('paidAt');

/** Everyone who holds or held a paid membership, by uid: GET /exports/members.csv pages it. */
export const usersWithMembership = (): Query =>
  db
    .collection(collections.users)
    .where('membership.status', 'in', [...membershipStatuses])
    .orderBy(FieldPath.documentId());
