// What a hostile client can send to any endpoint: forged cursors, huge or malformed bodies,
// undecodable paths, deep offsets. Each gets a 4xx JSON { message } with no internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteName } from '@hostelhub/contracts';
import { call, createUser, pathOf, urlOf, type Query } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { seedMeal, uniqueWord } from './support/meals.js';

const asCursor = (path: string) => Buffer.from(path, 'utf8').toString('base64url');

/** A JSON body of about `bytes` bytes. */
const bodyOfSize = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) });

function expectPlainClientError(response: { status: number; body: any }, status: number) {
  expect(response.status).toBe(status);
  expect(typeof response.body?.message).toBe('string');
  expect(Object.keys(response.body)).toEqual(['message']);
  expect(JSON.stringify(response.body)).not.toMatch(/\/work\/|node_modules|at .*\(|Error:/);
}

describe('page cursors', () => {
  const word = uniqueWord();
  let firstPage: { meals: { _id: string }[]; nextCursor: string };

  beforeAll(async () => {
    for (const title of ['Alpha', 'Beta', 'Gamma']) await seedMeal({ title: `${word} ${title}` });
    firstPage = (await call('meals', { query: { search: word, limit: '1' } })).body;
    expect(firstPage.nextCursor).toEqual(expect.any(String));
  });

  it('tell nothing about which documents exist: an existing and a missing path get the same answer', async () => {
    const user = await createUser();
    const existing = await call('meals', { query: { search: word, cursor: asCursor(`users/${user.uid}`) } });
    const missing = await call('meals', { query: { search: word, cursor: asCursor('users/no-such-user') } });
    expectPlainClientError(existing, 400);
    expect(missing).toEqual(existing);
  });

  it('refuse a cursor whose signature does not match its path, with the same answer', async () => {
    const [, signature] = firstPage.nextCursor.split('.');
    const otherMeal = await seedMeal({ title: `${word} Delta` });
    const swapped = await call('meals', {
      query: { search: word, cursor: `${asCursor(`meals/${otherMeal}`)}.${signature}` },
    });
    const garbage = await call('meals', { query: { search: word, cursor: '%%%' } });
    expectPlainClientError(swapped, 400);
    expect(garbage).toEqual(swapped);
  });

  it('still page through a list with the cursors the API hands out', async () => {
    const second = await call('meals', { query: { search: word, limit: '1', cursor: firstPage.nextCursor } });
    expect(second.status).toBe(200);
    expect(second.body.meals).toHaveLength(1);
    expect(second.body.meals[0]._id).not.toBe(firstPage.meals[0]!._id);
  });
});

describe('deep offsets without a cursor', () => {
  it('are refused with 400 past the first 120 meals', async () => {
    const deep = await call('meals', { query: { page: '500', limit: '24' } });
    expectPlainClientError(deep, 400);
    expect(deep.body.message).toMatch(/^page: .*nextCursor/);
    expect((await call('meals', { query: { page: '6', limit: '24' } })).status).toBe(400);
  });

  it('are answered up to 120 meals', async () => {
    expect((await call('meals', { query: { page: '5', limit: '24' } })).status).toBe(200);
    expect((await call('meals', { query: { page: '20', limit: '6' } })).status).toBe(200);
  });
});

describe('request bodies over 32 kB', () => {
  it('get 413 JSON through Hosting, on public and signed-in routes, before any work', async () => {
    const user = await createUser({ role: 'admin' });
    const huge = bodyOfSize(1024 * 1024);
    for (const [name, token] of [
      ['createUser', user.token],
      ['addMeal', user.token],
      ['jwt', undefined],
    ] as const) {
      // A body this large is raw bytes, not a contract body: fetch at the entry's URL.
      const response = await fetch(urlOf(name), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: huge,
      });
      expect(response.status, name).toBe(413);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ message: 'Request body too large' });
    }
  });

  it('are accepted up to the limit', async () => {
    const user = await createUser();
    const response = await fetch(urlOf('createUser'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: bodyOfSize(20 * 1024),
    });
    // Well-formed and small enough: it reaches validation (the name is too long), not the size check.
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^name/);
  });
});

describe('where the app itself parses the request', () => {
  let local: LocalApi;
  beforeAll(async () => {
    local = await startLocalApi();
  });
  afterAll(() => local.close());

  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${local.base}${path}`, init);
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type'), body: JSON.parse(text) };
  };

  it('answers malformed JSON with a JSON 400', async () => {
    const response = await send(pathOf('createUser'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expectPlainClientError(response, 400);
    expect(response.body.message).toBe('Malformed JSON body');
  });

  it('answers a path that is not valid percent-encoding with a JSON 400', async () => {
    // A path the table cannot name: the client would encode the `%` itself.
    const response = await local.raw('GET', '/meal/%E0%A4%A');
    expectPlainClientError(response, 400);
    expect(response.body.message).toMatch(/percent-encoding/);
  });

  it('answers a body over the limit with a JSON 413, even without a declared length', async () => {
    const response = await send(pathOf('createUser'), {
      method: 'POST',
      // A streamed body goes out chunked, with no content-length to check up front.
      headers: { 'content-type': 'application/json' },
      body: new Blob([bodyOfSize(100 * 1024)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expectPlainClientError(response, 413);
  });

  it('answers an unknown endpoint with a JSON 404', async () => {
    expectPlainClientError(await send('/no-such-endpoint'), 404);
  });
});

describe('keys and ids that name something the app looks up', () => {
  // Names every object inherits: a lookup with `in` or a bare `record[key]` finds them.
  const inheritedNames = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
  // A slash inside one path segment: the client encodes it (a%2Fb), as the site's does.
  const slashId = 'a/b';

  it('refuse an inherited name as a price range, category, sort or role with a JSON 400', async () => {
    const admin = await createUser({ role: 'admin' });
    const student = await createUser();
    for (const name of inheritedNames) {
      expectPlainClientError(await call('meals', { query: { priceRange: name } }), 400);
      expectPlainClientError(await call('meals', { query: { category: name } }), 400);
      expectPlainClientError(await call('mealsByCategory', { query: { category: name } }), 400);
      expectPlainClientError(await call('allMeals', { query: { sort: name }, token: admin.token }), 400);
      const role = await call('changeRole', {
        params: { uid: student.uid },
        token: admin.token,
        untypedBody: { role: name },
      });
      expectPlainClientError(role, 400);
    }
  });

  it('refuse an id with a slash on every route that takes one, with a JSON 400', async () => {
    const admin = await createUser({ role: 'admin' });
    const student = await createUser();
    const mealBody = {
      title: 'Slash Soup',
      category: 'Lunch',
      image: '/images/soup.jpg',
      ingredients: 'Water',
      description: 'Soup.',
      price: 5,
      distributorName: 'Kitchen',
      distributorEmail: 'kitchen@test.hostelhub.test',
    };
    const cases: [RouteName, Record<string, string>, unknown, string | undefined, Query?][] = [
      ['meal', { id: slashId }, undefined, undefined],
      ['mealReviews', { id: slashId }, undefined, undefined],
      ['package', { id: slashId }, undefined, undefined],
      ['updateMeal', { id: slashId }, mealBody, admin.token],
      ['deleteMeal', { id: slashId }, undefined, admin.token],
      ['deleteUpcomingMeal', { id: slashId }, undefined, admin.token],
      ['publishUpcomingMeal', { id: slashId }, undefined, admin.token],
      ['like', {}, { mealId: slashId }, student.token],
      ['likeUpcoming', {}, { mealId: slashId }, student.token],
      ['requestMeal', {}, { mealId: slashId }, student.token],
      ['cancelRequest', { id: slashId }, undefined, student.token],
      ['serveRequest', {}, { id: slashId }, admin.token],
      ['addReview', {}, { comment: 'Nice', rating: 4 }, student.token, { mealId: slashId }],
      ['editReview', { mealId: slashId }, { rating: 4 }, student.token],
      ['deleteReview', { mealId: slashId }, undefined, student.token],
      ['changeRole', { uid: slashId }, { role: 'admin' }, admin.token],
      ['subscribe', {}, { packageId: slashId }, student.token],
      ['previewPlanChange', {}, undefined, student.token, { packageId: slashId }],
      ['changePlan', {}, { packageId: slashId, prorationDate: 1 }, student.token],
    ];
    for (const [name, params, body, token, query] of cases) {
      // Each route's own params; a body the table types per route, so unchecked here.
      const response = await (call as (name: RouteName, options: object) => ReturnType<typeof call>)(name, {
        params,
        query,
        untypedBody: body,
        token,
      });
      expect(response.status, name).toBe(400);
      expectPlainClientError(response, 400);
    }
  });

  it('refuse __proto__ as an id, and answer an inherited name that is a fine id with 404', async () => {
    expectPlainClientError(await call('meal', { params: { id: '__proto__' } }), 400);
    expectPlainClientError(await call('package', { params: { id: 'constructor' } }), 404);
    expectPlainClientError(await call('meal', { params: { id: 'constructor' } }), 404);
  });
});
