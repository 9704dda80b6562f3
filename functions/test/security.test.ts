// What a hostile client can send to any endpoint: forged cursors, huge or malformed bodies,
// undecodable paths, deep offsets. Each gets a 4xx JSON { message } with no internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, call, createUser } from './support/emulators.js';
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
    firstPage = (await call('GET', `/meals?search=${word}&limit=1`)).body;
    expect(firstPage.nextCursor).toEqual(expect.any(String));
  });

  it('tell nothing about which documents exist: an existing and a missing path get the same answer', async () => {
    const user = await createUser();
    const existing = await call('GET', `/meals?search=${word}&cursor=${asCursor(`users/${user.uid}`)}`);
    const missing = await call('GET', `/meals?search=${word}&cursor=${asCursor('users/no-such-user')}`);
    expectPlainClientError(existing, 400);
    expect(missing).toEqual(existing);
  });

  it('refuse a cursor whose signature does not match its path, with the same answer', async () => {
    const [, signature] = firstPage.nextCursor.split('.');
    const otherMeal = await seedMeal({ title: `${word} Delta` });
    const swapped = await call('GET', `/meals?search=${word}&cursor=${asCursor(`meals/${otherMeal}`)}.${signature}`);
    const garbage = await call('GET', `/meals?search=${word}&cursor=%%%`);
    expectPlainClientError(swapped, 400);
    expect(garbage).toEqual(swapped);
  });

  it('still page through a list with the cursors the API hands out', async () => {
    const second = await call('GET', `/meals?search=${word}&limit=1&cursor=${firstPage.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.meals).toHaveLength(1);
    expect(second.body.meals[0]._id).not.toBe(firstPage.meals[0]!._id);
  });
});

describe('deep offsets without a cursor', () => {
  it('are refused with 400 past the first 120 meals', async () => {
    const deep = await call('GET', '/meals?page=500&limit=24');
    expectPlainClientError(deep, 400);
    expect(deep.body.message).toMatch(/^page: .*nextCursor/);
    expect((await call('GET', '/meals?page=6&limit=24')).status).toBe(400);
  });

  it('are answered up to 120 meals', async () => {
    expect((await call('GET', '/meals?page=5&limit=24')).status).toBe(200);
    expect((await call('GET', '/meals?page=20&limit=6')).status).toBe(200);
  });
});

describe('request bodies over 32 kB', () => {
  it('get 413 JSON through Hosting, on public and signed-in routes, before any work', async () => {
    const user = await createUser({ role: 'admin' });
    const huge = bodyOfSize(1024 * 1024);
    for (const [path, token] of [
      ['/users', user.token],
      ['/add-meal', user.token],
      ['/jwt', undefined],
    ] as const) {
      const response = await fetch(`${apiBase}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: huge,
      });
      expect(response.status, path).toBe(413);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ message: 'Request body too large' });
    }
  });

  it('are accepted up to the limit', async () => {
    const user = await createUser();
    const response = await fetch(`${apiBase}/users`, {
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
    const response = await send('/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expectPlainClientError(response, 400);
    expect(response.body.message).toBe('Malformed JSON body');
  });

  it('answers a path that is not valid percent-encoding with a JSON 400', async () => {
    const response = await send('/meal/%E0%A4%A');
    expectPlainClientError(response, 400);
    expect(response.body.message).toMatch(/percent-encoding/);
  });

  it('answers a body over the limit with a JSON 413, even without a declared length', async () => {
    const response = await send('/users', {
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
  const slashId = 'a%2Fb';

  it('refuse an inherited name as a price range, category, sort or role with a JSON 400', async () => {
    const admin = await createUser({ role: 'admin' });
    const student = await createUser();
    for (const name of inheritedNames) {
      for (const [path, token] of [
        [`/meals?priceRange=${name}`, undefined],
        [`/meals?category=${name}`, undefined],
        [`/mealsByCategory?category=${name}`, undefined],
        [`/all-meals?sort=${name}`, admin.token],
      ] as const) {
        expectPlainClientError(await call('GET', path, { token }), 400);
      }
      const role = await call('PATCH', `/users/${student.uid}/role`, { token: admin.token, body: { role: name } });
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
    const cases: Array<[string, string, unknown, string | undefined]> = [
      ['GET', `/meal/${slashId}`, undefined, undefined],
      ['GET', `/meal/${slashId}/reviews`, undefined, undefined],
      ['GET', `/package/${slashId}`, undefined, undefined],
      ['PUT', `/meal/${slashId}`, mealBody, admin.token],
      ['DELETE', `/meal/${slashId}`, undefined, admin.token],
      ['DELETE', `/delete-upcomingMeal/${slashId}`, undefined, admin.token],
      ['POST', `/upcoming-meals/${slashId}/publish`, undefined, admin.token],
      ['POST', '/like', { mealId: 'a/b' }, student.token],
      ['POST', '/like-upcoming', { mealId: 'a/b' }, student.token],
      ['POST', '/meal-request', { mealId: 'a/b' }, student.token],
      ['PATCH', `/meal-request/${slashId}/cancel`, undefined, student.token],
      ['PATCH', '/requested-meal/status/update', { id: 'a/b' }, admin.token],
      ['POST', `/add-review?mealId=${slashId}`, { comment: 'Nice', rating: 4 }, student.token],
      ['PATCH', `/review/${slashId}`, { rating: 4 }, student.token],
      ['DELETE', `/review/${slashId}`, undefined, student.token],
      ['PATCH', `/users/${slashId}/role`, { role: 'admin' }, admin.token],
      ['POST', '/subscriptions', { packageId: 'a/b' }, student.token],
      ['GET', `/subscription/change-preview?packageId=${slashId}`, undefined, student.token],
      ['POST', '/subscription/change', { packageId: 'a/b', prorationDate: 1 }, student.token],
    ];
    for (const [method, path, body, token] of cases) {
      const response = await call(method, path, { body, token });
      expect(response.status, `${method} ${path}`).toBe(400);
      expectPlainClientError(response, 400);
    }
  });

  it('refuse __proto__ as an id, and answer an inherited name that is a fine id with 404', async () => {
    expectPlainClientError(await call('GET', '/meal/__proto__'), 400);
    expectPlainClientError(await call('GET', '/package/constructor'), 404);
    expectPlainClientError(await call('GET', '/meal/constructor'), 404);
  });
});
