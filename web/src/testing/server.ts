// The network edge for component tests: handlers answer the API (and the image host and
// Stripe), and a request nobody answers fails the test that made it (see setup.ts).
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import {
  defaultEmailSettings,
  defaultHallSettings,
  defaultMealSettings,
  endpoints,
  firstHallId,
  type AnswerOf,
  type Endpoint,
  type Hall,
  type Halls,
  type MealServings,
  type Menu,
  type RequestQuota,
  defaultPushPreferences,
} from '@hostelhub/contracts';

/** What the API answers a refused call with (any 4xx or 5xx). */
type ErrorAnswer = { message: string };
/** The JSON an entry's fake may answer. */
type FakeAnswer<E extends Endpoint> = (AnswerOf<E> & DefaultBodyType) | ErrorAnswer;

/**
 * A handler for an entry of the contracts' endpoint table: its method and path come from the
 * table (msw's `:name` segments are Express's), so a fake cannot answer a route the API lacks,
 * and its JSON answer is typed as the entry's answer (or an error `{ message }`), so a fake
 * cannot answer what the API never would.
 */
export const onEndpoint = <E extends Endpoint>(
  endpoint: E,
  resolver: HttpResponseResolver<PathParams, DefaultBodyType, FakeAnswer<E>>,
) => http[endpoint.method]<PathParams, DefaultBodyType, FakeAnswer<E>>(`*/api${endpoint.path}`, resolver);

/** What GET /meal-request/quota answers unless a test says otherwise: none used of 7. */
export const defaultRequestQuota: RequestQuota = {
  used: 0,
  limit: 7,
  weekStart: '2026-11-16T00:00:00.000Z',
  resetsAt: '2026-11-23T00:00:00.000Z',
};

/** What GET /menu answers unless a test says otherwise: nothing planned, in the hostel's zone. */
export const emptyMenu: Menu = { timeZone: 'Europe/London', days: [] };

/** A hostel's one hall, as the migration names it. */
export const oneHall: Hall = {
  _id: firstHallId,
  name: 'Main hall',
  slots: ['breakfast', 'lunch', 'dinner'],
  closedDays: [],
  memberLimit: null,
};

/** A hall of a hostel with several, serving lunch, with no member limit. */
export const lunchHall = (_id: string, name: string): Hall => ({
  _id,
  name,
  slots: ['lunch'],
  closedDays: [],
  memberLimit: null,
});

// Every member's My Profile and meal page ask for the quota, the home page for today's menu,
// the meal page for the meal's servings, the menu, the meal page and My Profile for the
// member's reservations and Admin Profile for the email settings; tests about something else
// need not answer them (server.resetHandlers keeps these).
export const server = setupServer(
  onEndpoint(endpoints.requestQuota, () => HttpResponse.json(defaultRequestQuota)),
  // The dashboard asks a resident whether a meal they were served is still to be rated.
  onEndpoint(endpoints.dueRatings, () => HttpResponse.json({ items: [], timeZone: 'UTC' })),
  // The menu planner shows each meal's recent rating and reservations.
  onEndpoint(endpoints.mealFeedback, () => HttpResponse.json({ from: '2026-10-27', to: '2026-11-24', meals: [] })),
  // The kitchen view lists urgent complaints still open.
  onEndpoint(endpoints.complaints, () => HttpResponse.json({ complaints: [], nextCursor: null })),
  onEndpoint(endpoints.menu, () => HttpResponse.json(emptyMenu)),
  onEndpoint(endpoints.mealServings, () => HttpResponse.json({ items: [] } satisfies MealServings)),
  onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ items: [], nextCursor: null })),
  onEndpoint(endpoints.myReservations, () => HttpResponse.json({ items: [], nextCursor: null })),
  // Admin Profile shows when next week's menu is emailed, and the dining halls.
  onEndpoint(endpoints.emailSettings, () => HttpResponse.json(defaultEmailSettings)),
  onEndpoint(endpoints.halls, () => HttpResponse.json({ halls: [oneHall] } satisfies Halls)),
  onEndpoint(endpoints.hallSettings, () => HttpResponse.json(defaultHallSettings)),
  // Every reservation button asks how the hostel books (ADR 74): by reservation unless a test says so.
  onEndpoint(endpoints.mealSettings, () => HttpResponse.json(defaultMealSettings)),
  onEndpoint(endpoints.mySkips, () => HttpResponse.json({ servingIds: [] })),
  // A member's My Profile shows their standing reservations: none set.
  onEndpoint(endpoints.standingReservations, () => HttpResponse.json({ pattern: [], updatedAt: null })),
  // And their push choices (ADR 81): nothing turned on, no device.
  onEndpoint(endpoints.pushSettings, () => HttpResponse.json({ preferences: defaultPushPreferences, devices: [] })),
);

/** Absolute URL of an API path as the site calls it in tests. */
export const apiUrl = (path: string) => `${window.location.origin}/api${path}`;

type FakeResponse<E extends Endpoint> = ReturnType<HttpResponseResolver<PathParams, DefaultBodyType, FakeAnswer<E>>>;

/** Answers `endpoint` with `answer` to what `read` takes from each call, and keeps that, in order. */
function recordCalls<E extends Endpoint, Call>(
  endpoint: E,
  read: (request: Request) => Call | Promise<Call>,
  answer: (call: Call) => FakeResponse<E>,
): Call[] {
  const calls: Call[] = [];
  server.use(
    onEndpoint(endpoint, async ({ request }) => {
      const call = await read(request);
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/**
 * Answers `endpoint` with `answer` and keeps the JSON body of every call, in order, so a test
 * can check what the page sent (`.at(-1)`: the latest).
 */
export const recordBodies = <E extends Endpoint>(endpoint: E, answer: (body: unknown) => FakeResponse<E>) =>
  recordCalls(endpoint, (request): Promise<unknown> => request.json(), answer);

/**
 * Answers `endpoint` with `answer` and keeps the query of every call, in order, so a test can
 * check what the page asked for (`.at(-1)`: the latest).
 */
export const recordQueries = <E extends Endpoint>(endpoint: E, answer: (query: URLSearchParams) => FakeResponse<E>) =>
  recordCalls(endpoint, (request) => new URL(request.url).searchParams, answer);
