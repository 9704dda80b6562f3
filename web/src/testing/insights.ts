import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { endpoints, type Insights, type RevenueMonth } from '@hostelhub/contracts';
import { adminProfile, renderRoutes, sessionFor } from './render';
import { onEndpoint, server } from './server';

export const revenueMonth = (month: string, netCents: number, extra: Partial<RevenueMonth> = {}): RevenueMonth => ({
  month,
  grossCents: netCents,
  refundedCents: 0,
  netCents,
  taxCents: Math.round(netCents / 6),
  payments: netCents > 0 ? 3 : 0,
  ...extra,
});

/** Six months of a small hostel: the numbers every test below reads back. */
export const insightsFixture = (from = '2026-06', to = '2026-11'): Insights => ({
  from,
  to,
  timeZone: 'Europe/London',
  currency: 'usd',
  revenue: [
    revenueMonth('2026-06', 45_000),
    revenueMonth('2026-07', 61_250),
    revenueMonth('2026-08', 0),
    revenueMonth('2026-09', 80_000, { grossCents: 92_000, refundedCents: 12_000, taxCents: 13_333, payments: 5 }),
    revenueMonth('2026-10', 100_000),
    revenueMonth('2026-11', 112_000),
  ],
  members: [
    { month: '2026-06', byTier: { Silver: 4, Gold: 2 }, gained: 6, lost: 0 },
    { month: '2026-07', byTier: { Silver: 5, Gold: 3 }, gained: 2, lost: 0 },
    { month: '2026-08', byTier: { Silver: 5, Gold: 3 }, gained: 1, lost: 1 },
    { month: '2026-09', byTier: { Silver: 6, Gold: 3, Platinum: 1 }, gained: 2, lost: 0 },
    { month: '2026-10', byTier: { Silver: 7, Gold: 4, Platinum: 1 }, gained: 3, lost: 1 },
    { month: '2026-11', byTier: { Silver: 6, Gold: 5, Platinum: 1 }, gained: 1, lost: 1 },
  ],
  meals: [
    { date: '2026-11-02', requested: 10, reserved: 8, served: 6, cancelled: 2, notCollected: 2 },
    { date: '2026-11-03', requested: 12, reserved: 12, served: 9, cancelled: 1, notCollected: 1 },
  ],
  noShowBySlot: [
    { slot: 'breakfast', served: 5, notCollected: 0, rate: 0 },
    { slot: 'lunch', served: 6, notCollected: 1, rate: 1 / 7 },
    { slot: 'dinner', served: 4, notCollected: 2, rate: 1 / 3 },
  ],
  topMeals: {
    byRequests: [
      { _id: 'pho', title: 'Pho', requests: 42, likes: 9, rating: 4.5, reviews: 4 },
      { _id: 'curry', title: 'Green Curry', requests: 30, likes: 12, rating: 4.8, reviews: 6 },
    ],
    byLikes: [{ _id: 'curry', title: 'Green Curry', requests: 30, likes: 12, rating: 4.8, reviews: 6 }],
    byRating: [{ _id: 'curry', title: 'Green Curry', requests: 30, likes: 12, rating: 4.8, reviews: 6 }],
  },
  bottomMeals: {
    byRequests: [{ _id: 'soup', title: 'Lentil Soup', requests: 1, likes: 0, rating: 2, reviews: 1 }],
    byLikes: [{ _id: 'soup', title: 'Lentil Soup', requests: 1, likes: 0, rating: 2, reviews: 1 }],
    byRating: [{ _id: 'soup', title: 'Lentil Soup', requests: 1, likes: 0, rating: 2, reviews: 1 }],
  },
  busiestSlots: [
    { weekday: 5, slot: 'dinner', reservations: 48 },
    { weekday: 1, slot: 'lunch', reservations: 20 },
  ],
  halls: [
    { hallId: 'main', name: 'Main hall', reserved: 40, served: 30, cancelled: 4, notCollected: 6 },
    { hallId: 'north', name: 'North hall', reserved: 12, served: 10, cancelled: 1, notCollected: 1 },
  ],
  satisfaction: {
    bySlot: [
      { slot: 'breakfast', average: 4.2, count: 10 },
      { slot: 'lunch', average: 3.1, count: 25 },
      { slot: 'dinner', average: 0, count: 0 },
    ],
    byMeal: [{ mealId: 'soup', title: 'Lentil Soup', average: 2.2, count: 4 }],
    lowestRated: [
      { mealId: 'soup', title: 'Lentil Soup', average: 2.2, count: 4, comments: ['<i>Too salty</i>', 'Cold'] },
    ],
    complaintsByCategory: [
      { category: 'food', count: 3 },
      { category: 'quantity', count: 1 },
      { category: 'hygiene', count: 0 },
      { category: 'allergen', count: 1 },
      { category: 'staff', count: 0 },
      { category: 'other', count: 0 },
    ],
    firstAnswer: [
      { bucket: 'withinHour', count: 2 },
      { bucket: 'withinDay', count: 2 },
      { bucket: 'overDay', count: 0 },
      { bucket: 'unanswered', count: 1 },
    ],
    averageMinutesToFirstAnswer: 95,
  },
  leave: [
    { month: '2026-10', days: 12, creditCents: 4_800 },
    { month: '2026-11', days: 7, creditCents: 2_800 },
  ],
});

export const emptyInsights = (from: string, to: string): Insights => ({
  ...insightsFixture(from, to),
  revenue: [revenueMonth(from, 0)],
  members: [{ month: from, byTier: {}, gained: 0, lost: 0 }],
  meals: [],
  noShowBySlot: [],
  topMeals: { byRequests: [], byLikes: [], byRating: [] },
  bottomMeals: { byRequests: [], byLikes: [], byRating: [] },
  busiestSlots: [],
  halls: [{ hallId: 'main', name: 'Main hall', reserved: 0, served: 0, cancelled: 0, notCollected: 0 }],
  satisfaction: {
    bySlot: [],
    byMeal: [],
    lowestRated: [],
    complaintsByCategory: [],
    firstAnswer: [],
    averageMinutesToFirstAnswer: null,
  },
  leave: [],
});

/** Answers GET /insights with `answer` for the months asked, and records every range asked for. */
export function answerInsights(answer: (from: string, to: string) => Insights = insightsFixture) {
  const asked: string[] = [];
  server.use(
    onEndpoint(endpoints.insights, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const [from, to, hall] = [query.get('from') ?? '', query.get('to') ?? '', query.get('hall')];
      asked.push(`${from}..${to}${hall === null ? '' : ` at ${hall}`}`);
      return HttpResponse.json(answer(from, to));
    }),
  );
  return asked;
}

/** The Insights page (`Component`) at `search`, as an admin. */
export const renderInsightsPage = (Component: ComponentType, search = '?from=2026-06&to=2026-11') =>
  renderRoutes({
    routes: [{ path: '/dashboard/insights', Component }],
    path: `/dashboard/insights${search}`,
    session: sessionFor(adminProfile),
  });

/** A heading, found by its whole text. */
export const headingNamed = (name: string) => screen.getByRole('heading', { name });

/** The chart's card, found by its heading (the finding). */
export const chartNamed = async (heading: string | RegExp) =>
  (await screen.findByRole('heading', { level: 2, name: heading })).closest('section')!;
