import { describe, expect, it } from 'vitest';
import { lastAdminMessage, changeRole } from '../src/features/users/service.js';
import { call, createUser, db, signUp, type Answered, type Query } from './support/emulators.js';
import { seedMeal, uniqueWord } from './support/meals.js';
import { expiredToken, forgedToken, validToken } from './support/tokens.js';
import { changeRoleAs, createUserDirect, roleOf } from './support/users.js';

/** A signed-up account with an API token but no stored profile yet. */
async function accountWithToken(displayName = 'Test User') {
  const account = await signUp(undefined, 'password123', displayName);
  const jwt = await call('jwt', { token: account.idToken, body: {} });
  expect(jwt.status).toBe(200);
  return { ...account, token: jwt.body.token as string };
}

describe('POST /users', () => {
  it('stores a Bronze student profile for the caller, ignoring a client-sent role and badge', async () => {
    const account = await accountWithToken();
    const response = await call('createUser', {
      token: account.token,
      body: {
        name: 'Nora Quill',
        email: account.email,
        role: 'admin',
        badge: 'Platinum',
        photoURL: 'https://img.test/n.png',
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ insertedId: account.uid });
    const stored = (await db.doc(`users/${account.uid}`).get()).data();
    expect(stored).toMatchObject({
      name: 'Nora Quill',
      email: account.email,
      role: 'student',
      badge: 'Bronze',
      membership: null,
      photoURL: 'https://img.test/n.png',
    });
    expect(stored?.createdAt).toBeDefined();
    expect(stored?.searchTokens).toEqual(
      expect.arrayContaining(['nora', 'quill', 'qu', account.email.split('-')[0]!, 'hostelhub']),
    );
  });

  it('takes the name from the sign-in when the body has none', async () => {
    const account = await accountWithToken('Token Name');
    const response = await call('createUser', { token: account.token, body: {} });
    expect(response.status).toBe(201);
    expect((await db.doc(`users/${account.uid}`).get()).get('name')).toBe('Token Name');
  });

  it('answers 400 User already exists the second time', async () => {
    const user = await createUser();
    const response = await call('createUser', { token: user.token, body: { name: 'Again' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('User already exists');
    expect((await db.doc(`users/${user.uid}`).get()).get('name')).toBe('Test User');
  });

  it('stores one profile when two sign-ups race', async () => {
    const account = await accountWithToken();
    const responses = await Promise.all(
      ['First', 'Second', 'Third'].map((name) => call('createUser', { token: account.token, body: { name } })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 400, 400]);
  });

  it("refuses another person's email with 403 and a missing token with 401", async () => {
    const account = await accountWithToken();
    const other = await call('createUser', { token: account.token, body: { email: 'admin@hostelhub.test' } });
    expect(other.status).toBe(403);
    expect((await db.doc(`users/${account.uid}`).get()).exists).toBe(false);
    expect((await call('createUser', { body: {} })).status).toBe(401);
  });

  it('refuses an invalid photo URL and unknown fields with 400', async () => {
    const account = await accountWithToken();
    const photo = await call('createUser', { token: account.token, body: { photoURL: 'javascript:alert(1)' } });
    expect(photo.status).toBe(400);
    expect(photo.body.message).toMatch(/photoURL/);
    const unknown = await call('createUser', { token: account.token, untypedBody: { isAdmin: true } });
    expect(unknown.status).toBe(400);
  });

  it.each([
    ['plain http', 'http://img.test/n.png'],
    ['a data: URL', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['over 2048 characters', `https://img.test/${'x'.repeat(2040)}`],
  ])('refuses a photo URL that is %s with 400', async (_what, photoURL) => {
    const account = await accountWithToken();
    const response = await call('createUser', { token: account.token, body: { photoURL } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^photoURL/);
    expect((await db.doc(`users/${account.uid}`).get()).exists).toBe(false);
  });
});

describe('GET /user', () => {
  it("returns the caller's own profile with the number of meals they added", async () => {
    const admin = await createUser({ role: 'admin', name: 'Meal Counter' });
    for (const title of ['Count One', 'Count Two']) {
      const id = await seedMeal({ title });
      await db.doc(`mealPrivate/${id}`).update({ adminUid: admin.uid });
    }
    const response = await call('user', { query: { email: admin.email }, token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: admin.uid,
      name: 'Meal Counter',
      email: admin.email,
      role: 'admin',
      badge: 'Bronze',
      membership: null,
      numberOfMeals: 2,
    });
  });

  it('means the caller when email is omitted', async () => {
    const student = await createUser();
    const response = await call('user', { token: student.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: student.uid, role: 'student', numberOfMeals: 0 });
  });

  it("lets a student read only their own profile, an admin anyone's", async () => {
    const student = await createUser();
    // The badge follows a membership that counts now (a badge alone is not reported).
    const other = await createUserDirect({ membership: 'Gold' });
    const refused = await call('user', { query: { email: other.email }, token: student.token });
    expect(refused.status).toBe(403);
    const admin = await createUser({ role: 'admin' });
    const allowed = await call('user', { query: { email: other.email.toUpperCase() }, token: admin.token });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ _id: other.uid, badge: 'Gold' });
  });

  it('answers 404 without a stored profile, 400 for a malformed email', async () => {
    const account = await accountWithToken();
    expect((await call('user', { token: account.token })).status).toBe(404);
    expect((await call('user', { query: { email: 'nope' }, token: account.token })).status).toBe(400);
  });
});

describe('GET /users (admin search)', () => {
  it('finds users by the start of any word of name or email, case-insensitively, in pages', async () => {
    const surname = uniqueWord('qx');
    const admin = await createUser({ role: 'admin' });
    const names = ['Alma', 'Bruno', 'Cleo'].map((first) => `${first} ${surname}`);
    const users = [];
    const brunoMailbox = uniqueWord('bm');
    for (const name of names) {
      users.push(await createUser({ name, email: name.startsWith('Bruno') ? `${brunoMailbox}@mail.test` : undefined }));
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Query = { nameOrEmail: surname.toUpperCase(), limit: 2, cursor: cursor ?? undefined };
      const response: Answered = await call('users', { query, token: admin.token });
      expect(response.status).toBe(200);
      seen.push(...response.body.items.map((item: { name: string }) => item.name));
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(seen).toEqual(names); // ordered by name, each once
    expect(pages).toBe(2);

    const byEmail = await call('users', { query: { nameOrEmail: brunoMailbox.slice(0, 14) }, token: admin.token });
    expect(byEmail.body.items.map((item: { _id: string }) => item._id)).toEqual([users[1]!.uid]);
    expect(byEmail.body.items[0]).toMatchObject({ email: users[1]!.email, role: 'student', badge: 'Bronze' });

    const notAWordStart = await call('users', { query: { nameOrEmail: surname.slice(3) }, token: admin.token });
    expect(notAWordStart.body.items).toEqual([]);
  });

  it('is for admins only: 401 without a token, forged or expired, 403 for a student', async () => {
    const admin = await createUser({ role: 'admin' });
    const student = await createUser();
    expect((await call('users')).status).toBe(401);
    expect((await call('users', { token: forgedToken(admin.uid, admin.email) })).status).toBe(401);
    expect((await call('users', { token: expiredToken(admin.uid, admin.email) })).status).toBe(401);
    expect((await call('users', { token: validToken(admin.uid, admin.email) })).status).toBe(200);
    expect((await call('users', { token: student.token })).status).toBe(403);
  });
});

describe('PATCH /users/{uid}/role', () => {
  it('makes a student an admin, effective on their next request', async () => {
    const admin = await createUser({ role: 'admin' });
    const student = await createUser();
    expect((await call('users', { token: student.token })).status).toBe(403);

    const promoted = await changeRoleAs(admin, student.uid, 'admin');
    expect(promoted.status).toBe(200);
    expect(promoted.body).toEqual({ modifiedCount: 1 });
    expect((await call('users', { token: student.token })).status).toBe(200);

    const again = await changeRoleAs(admin, student.uid, 'admin');
    expect(again.body).toEqual({ modifiedCount: 0 });

    const demoted = await changeRoleAs(admin, student.uid, 'student');
    expect(demoted.body).toEqual({ modifiedCount: 1 });
    expect((await call('users', { token: student.token })).status).toBe(403);
  });

  it('refuses a bad role (400), an unknown user (404), a student caller (403) and self-demotion (409)', async () => {
    const admin = await createUser({ role: 'admin' });
    const student = await createUser();
    const bad = await call('changeRole', {
      params: { uid: student.uid },
      token: admin.token,
      untypedBody: { role: 'owner' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/role/);
    const unknown = await changeRoleAs(admin, 'no-such-user', 'admin');
    expect(unknown.status).toBe(404);
    const byStudent = await changeRoleAs(student, student.uid, 'admin');
    expect(byStudent.status).toBe(403);
    const self = await changeRoleAs(admin, admin.uid, 'student');
    expect(self.status).toBe(409);
    expect(await roleOf(admin.uid)).toBe('admin');
    expect(await roleOf(student.uid)).toBe('student');
  });
});

describe('taking admin rights back (PATCH /users/{uid}/role with role student)', () => {
  /**
   * Runs `run` with only `uids` as admins: every other admin of the shared test database is a
   * student meanwhile, and an admin again afterwards (test files run one at a time).
   */
  async function withOnlyTheseAdmins(uids: string[], run: () => Promise<void>) {
    const admins = await db.collection('users').where('role', '==', 'admin').get();
    const others = admins.docs.filter((doc) => !uids.includes(doc.id));
    await Promise.all(others.map((doc) => doc.ref.update({ role: 'student' })));
    try {
      await run();
    } finally {
      await Promise.all(others.map((doc) => doc.ref.update({ role: 'admin' })));
    }
  }
  const demote = (caller: { token: string }, uid: string) => changeRoleAs(caller, uid, 'student');

  it("makes another admin a student, and refuses an admin's own rights with 409", async () => {
    const [first, second] = [await createUserDirect({ role: 'admin' }), await createUserDirect({ role: 'admin' })];
    const demoted = await demote(first, second.uid);
    expect(demoted.status).toBe(200);
    expect(demoted.body).toEqual({ modifiedCount: 1 });
    expect(await roleOf(second.uid)).toBe('student');
    expect((await call('users', { token: second.token })).status).toBe(403);

    const self = await demote(first, first.uid);
    expect(self.status).toBe(409);
    expect(self.body).toEqual({ message: 'You cannot remove your own admin role' });
    expect(await roleOf(first.uid)).toBe('admin');
  });

  it('never takes the rights of the last admin (409), checked in the same transaction as the change', async () => {
    const last = await createUserDirect({ role: 'admin' });
    // A caller who passed the admin check an instant before losing their rights: only the
    // transaction's own count of admins stands between them and an admin-less hostel.
    const formerAdmin = await createUserDirect({ role: 'student' });
    await withOnlyTheseAdmins([last.uid], async () => {
      await expect(
        changeRole({ uid: formerAdmin.uid, name: formerAdmin.name, role: 'admin' }, last.uid, 'student'),
      ).rejects.toMatchObject({
        status: 409,
        message: lastAdminMessage,
      });
      expect(await roleOf(last.uid)).toBe('admin');
    });
  });

  it("two admins taking each other's rights at once leave one admin", async () => {
    for (let round = 0; round < 3; round++) {
      const [first, second] = [await createUserDirect({ role: 'admin' }), await createUserDirect({ role: 'admin' })];
      await withOnlyTheseAdmins([first.uid, second.uid], async () => {
        const answers = await Promise.all([demote(first, second.uid), demote(second, first.uid)]);
        const statuses = answers.map((answer) => answer.status);
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        // The other was refused: as the last admin (409), or as no longer an admin (403).
        const refused = answers.find((answer) => answer.status !== 200)!;
        expect([403, 409]).toContain(refused.status);
        expect(refused.body.message).toEqual(expect.any(String));
        const roles = [await roleOf(first.uid), await roleOf(second.uid)];
        expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
      });
    }
  });
});
