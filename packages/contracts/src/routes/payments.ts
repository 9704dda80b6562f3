// The endpoint table's routes for one area (routes.ts joins the areas into the one table).
// Payments and subscriptions (the routes that call Stripe say so).
import { answer, type Route } from './route.js';

export const paymentRoutes = {
  alreadyPurchased: {
    method: 'get',
    path: '/already_purchased',
    access: 'user',
    answer: answer('PurchasedPackage'),
    also: [403],
  },
  paymentHistory: {
    method: 'get',
    path: '/payment-history',
    access: 'user',
    answer: answer('Page<PaymentRecord>'),
    also: [403],
  },
  subscribe: {
    method: 'post',
    path: '/subscriptions',
    access: 'user',
    callsStripe: true,
    answer: answer('SubscriptionCreated', 201),
    also: [402, 403, 404, 409, 502],
  },
  syncSubscription: {
    method: 'post',
    path: '/subscriptions/:id/sync',
    access: 'user',
    callsStripe: true,
    answer: answer('MembershipChanged'),
    also: [403, 404, 409, 502],
  },
  cancelSubscription: {
    method: 'post',
    path: '/subscription/cancel',
    access: 'user',
    callsStripe: true,
    answer: answer('MembershipChanged'),
    also: [404, 409, 502],
  },
  resumeSubscription: {
    method: 'post',
    path: '/subscription/resume',
    access: 'user',
    callsStripe: true,
    answer: answer('MembershipChanged'),
    also: [404, 409, 502],
  },
  previewPlanChange: {
    method: 'get',
    path: '/subscription/change-preview',
    access: 'user',
    callsStripe: true,
    answer: answer('PlanChangePreview'),
    also: [404, 409, 502],
  },
  changePlan: {
    method: 'post',
    path: '/subscription/change',
    access: 'user',
    callsStripe: true,
    answer: answer('MembershipChanged'),
    also: [402, 404, 409, 502],
  },
} as const satisfies Record<string, Route>;
