// The REST API's contract (docs/api.md): what the API accepts and answers, and the values
// the site and the API agree on. The API validates with these schemas and the site types its
// calls and forms with them, so a change shows up on both sides at build time.
export * from './allergen-schemas.js';
export * from './allergens.js';
export * from './catalog.js';
export * from './counter.js';
export * from './email.js';
export * from './endpoints.js';
export * from './feedback-schemas.js';
export * from './feedback.js';
export * from './admin-actions.js';
export * from './admin-action-schemas.js';
export * from './booking.js';
export * from './booking-schemas.js';
export * from './hall-schemas.js';
export * from './halls.js';
export * from './hostel-time.js';
export * from './ids.js';
export * from './insights.js';
export * from './likes.js';
export * from './meals.js';
export * from './memberships.js';
export * from './menu-schemas.js';
export * from './menu.js';
export * from './notifications.js';
export * from './paging.js';
export * from './payments.js';
export * from './public-pages.js';
export * from './quota.js';
export * from './records.js';
export * from './routes.js';
export * from './request-schemas.js';
export * from './requests.js';
export * from './reviews.js';
export * from './search.js';
export * from './session.js';
export * from './users.js';
export { z } from './zod.js';
