// What kitchen staff see of complaints (issue 50, ADR 68): complaints about staff are the
// admins' alone (not listed, answered or moved by staff, not even when urgent), and staff see
// who raised a complaint by name, never by email; admins see both.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, type TestUser } from './support/emulators.js';
import { createUserDirect } from './support/users.js';

let staff: TestUser;
let admin: TestUser;
beforeAll(async () => {
  staff = await createUserDirect({ role: 'staff', name: 'Kim Kitchen' });
  admin = await createUserDirect({ role: 'admin', name: 'Ada Admin' });
});

const member = (name: string) => createUserDirect({ membership: 'Gold', name });

async function raised(token: string, body: Record<string, unknown>) {
  const response = await call('raiseComplaint', { token, untypedBody: { text: 'Not right', ...body } });
  if (response.status !== 201) throw new Error(`raise: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.insertedId as string;
}

/** Every complaint `token` may list with `query`, page by page. */
async function everyListed(token: string, query: Record<string, string> = {}) {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await call('complaints', { query: { ...query, limit: 50, cursor: cursor ?? undefined }, token });
    expect(page.status).toBe(200);
    all.push(...page.body.complaints);
    cursor = page.body.nextCursor;
  } while (cursor);
  return all;
}

describe('complaints about staff are the admins’ alone', () => {
  it('staff do not list them (nor when asking by category: 403 naming it); admins do', async () => {
    const person = await member('Pat Private');
    const aboutStaff = await raised(person.token, { category: 'staff', text: 'The cashier was rude' });
    const aboutFood = await raised(person.token, { category: 'food', text: 'Cold soup' });

    const forStaff = (await everyListed(staff.token)).map((complaint) => complaint._id);
    expect(forStaff).toContain(aboutFood);
    expect(forStaff).not.toContain(aboutStaff);
    const byCategory = await call('complaints', { query: { category: 'staff' }, token: staff.token });
    expect(byCategory.status).toBe(403);
    expect(byCategory.body.message).toMatch(/^category: /);

    expect((await everyListed(admin.token, { category: 'staff' })).map((complaint) => complaint._id)).toContain(
      aboutStaff,
    );
  });

  it('an urgent one stays out of the kitchen’s urgent list', async () => {
    const person = await member('Uma Urgent');
    const urgent = await raised(person.token, { category: 'staff', urgent: true, text: 'Shouted at me' });
    const kitchen = await everyListed(staff.token, { urgent: 'true', status: 'open' });
    expect(kitchen.map((complaint) => complaint._id)).not.toContain(urgent);
    expect(kitchen.every((complaint) => complaint.category !== 'staff')).toBe(true);
    const admins = await everyListed(admin.token, { urgent: 'true', status: 'open' });
    expect(admins.map((complaint) => complaint._id)).toContain(urgent);
  });

  it('staff may not reply to one or move it (403, nothing written); an admin may, and its author replies', async () => {
    const person = await member('Ravi Reply');
    const id = await raised(person.token, { category: 'staff', text: 'The server was rude' });
    const reply = (token: string, text: string) =>
      call('replyToComplaint', { params: { id }, token, untypedBody: { text } });

    expect((await reply(staff.token, 'That was not me')).status).toBe(403);
    const moved = await call('updateComplaint', {
      params: { id },
      token: staff.token,
      untypedBody: { status: 'declined', reason: 'Not true' },
    });
    expect(moved.status).toBe(403);
    expect(moved.body).toEqual({ message: expect.any(String) });
    expect((await db.doc(`complaints/${id}`).get()).data()).toMatchObject({ status: 'open', replies: [] });

    expect((await reply(person.token, 'It happened twice')).status).toBe(201);
    expect((await reply(admin.token, 'We will talk to them')).status).toBe(201);
    expect(
      (await call('updateComplaint', { params: { id }, token: admin.token, untypedBody: { status: 'acknowledged' } }))
        .status,
    ).toBe(200);
  });
});

describe('authors’ emails', () => {
  it('staff see the author’s name and no email on any complaint; admins see both', async () => {
    const person = await member('Erin Email');
    const id = await raised(person.token, { category: 'quantity', text: 'Tiny portion' });

    const forStaff = await everyListed(staff.token);
    expect(forStaff.find((complaint) => complaint._id === id)?.author).toEqual({ name: 'Erin Email', email: null });
    expect(forStaff.every((complaint) => complaint.author?.email === null)).toBe(true);
    expect(JSON.stringify(forStaff)).not.toContain(person.email);

    const forAdmin = await everyListed(admin.token, { category: 'quantity' });
    expect(forAdmin.find((complaint) => complaint._id === id)?.author).toEqual({
      name: 'Erin Email',
      email: person.email,
    });
  });
});
