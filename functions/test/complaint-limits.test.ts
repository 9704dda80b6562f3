// A complaint flood (issue 50, ADR 68): only a member or someone served a meal may complain, at
// most `defaultComplaintsPerDay` a hostel day (409 beyond it, even when the calls race), and
// the admins hear of complaints by one digest per window, an urgent one at once only while the
// window has room; a retried schedule sends nothing twice.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  complaintCapMessage,
  complaintNotEligibleMessage,
  defaultComplaintsPerDay,
  instantOfHostelTime,
  urgentComplaintEmailsPerWindow,
  type ComplaintCategory,
} from '@hostelhub/contracts';
import { sendComplaintDigests } from '../src/features/feedback/complaint-digest.js';
import { raiseComplaint } from '../src/features/feedback/raise-complaint.js';
import { loadProfile } from '../src/lib/profiles.js';
import { call, db } from './support/emulators.js';
import { storedReservation, storedServing } from './support/feedback.js';
import { mailOf, verifiedUser, zone } from './support/mail.js';
import { createUserDirect } from './support/users.js';

const minuteMs = 60_000;
/** A member whose membership holds far ahead, for the tests on a fake clock years from now. */
const lastingMember = () =>
  createUserDirect({
    membership: 'Gold',
    membershipFields: { currentPeriodEnd: Timestamp.fromDate(new Date('2099-01-01T00:00:00Z')) },
  });
const raise = (token: string, body: unknown) => call('raiseComplaint', { token, untypedBody: body });
const complaintsOf = async (uid: string) => (await db.collection('complaints').where('uid', '==', uid).get()).docs;

/** Raises a complaint as the API does, at `now` on a fake clock. */
async function raiseAt(uid: string, now: Date, category: ComplaintCategory = 'food', text = 'Cold again') {
  const profile = await loadProfile(uid);
  return raiseComplaint(profile!, { category, text, urgent: false }, now);
}

describe('who may complain', () => {
  it('refuses an account with no membership and no meal served (403, nothing written)', async () => {
    const stranger = await createUserDirect();
    const refused = await raise(stranger.token, { category: 'food', text: 'Spam spam spam' });
    expect(refused).toEqual({ status: 403, body: { message: complaintNotEligibleMessage } });
    expect(await complaintsOf(stranger.uid)).toHaveLength(0);
  });

  it('takes one from a member, and from a resident without a membership who was served a meal', async () => {
    expect(
      (await raise((await createUserDirect({ membership: 'Gold' })).token, { category: 'food', text: 'Cold' })).status,
    ).toBe(201);
    const lapsed = await createUserDirect();
    const { servingId } = await storedServing();
    await storedReservation(servingId, lapsed.uid, 'served');
    const taken = await raise(lapsed.token, { servingId, category: 'quantity', text: 'Half a portion' });
    expect(taken.status).toBe(201);
    expect(await complaintsOf(lapsed.uid)).toHaveLength(1);
  });
});

describe('the cap per member per day', () => {
  it(`refuses complaint ${defaultComplaintsPerDay + 1} of a day with a 409 {message}, nothing written`, async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    for (let index = 0; index < defaultComplaintsPerDay; index++) {
      expect((await raise(member.token, { category: 'food', text: `Complaint ${index}` })).status).toBe(201);
    }
    const refused = await raise(member.token, { category: 'hygiene', text: 'One more' });
    expect(refused).toEqual({ status: 409, body: { message: complaintCapMessage(defaultComplaintsPerDay) } });
    expect(await complaintsOf(member.uid)).toHaveLength(defaultComplaintsPerDay);
  });

  it('holds when the calls race: exactly the cap is stored', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const answers = await Promise.all(
      Array.from({ length: defaultComplaintsPerDay + 2 }, (_, index) =>
        raise(member.token, { category: 'other', text: `Racing ${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(defaultComplaintsPerDay).fill(201),
      409,
      409,
    ]);
    expect(await complaintsOf(member.uid)).toHaveLength(defaultComplaintsPerDay);
  });

  it('counts the hostel’s day, not UTC’s: past local midnight the member may complain again', async () => {
    // In July the hostel (Europe/London by default) is an hour ahead of UTC: 00:30 there on the
    // 11th is still the 10th in UTC, so only a day counted on the hostel's clock takes it.
    const member = await lastingMember();
    for (let index = 0; index < defaultComplaintsPerDay; index++) {
      await raiseAt(member.uid, instantOfHostelTime('2041-07-10', `22:${10 + index}`, zone));
    }
    await expect(raiseAt(member.uid, instantOfHostelTime('2041-07-10', '23:50', zone))).rejects.toMatchObject({
      status: 409,
    });
    await expect(raiseAt(member.uid, instantOfHostelTime('2041-07-11', '00:30', zone))).resolves.toEqual({
      insertedId: expect.any(String),
    });
  });
});

describe('the admins’ emails', () => {
  it('an urgent complaint is emailed at once up to the window’s bound; the rest wait for one digest per admin', async () => {
    const admin = await verifiedUser({ role: 'admin' });
    const staff = await verifiedUser({ role: 'staff' });
    // A window of its own on a fake clock, far from every other test's.
    const windowStart = new Date(Date.UTC(2042, 2, 3, 7 + Math.floor(Math.random() * 10), 0));
    const at = (minutes: number) => new Date(windowStart.getTime() + minutes * minuteMs);
    const members = await Promise.all(
      Array.from({ length: Math.ceil((urgentComplaintEmailsPerWindow + 2) / defaultComplaintsPerDay) }, lastingMember),
    );
    const urgentIds: string[] = [];
    for (let index = 0; index < urgentComplaintEmailsPerWindow + 2; index++) {
      const author = members[Math.floor(index / defaultComplaintsPerDay)]!;
      urgentIds.push((await raiseAt(author.uid, at(index + 1), 'hygiene', `Urgent ${index}`)).insertedId);
    }
    const quiet = await raiseAt(members.at(-1)!.uid, at(50), 'food', 'The <b>dal</b> was cold');
    const emailsOf = async (uid: string) => (await mailOf(uid)).filter((mail) => mail.kind === 'complaints');

    const atOnce = (await emailsOf(admin.uid)).map((mail) => mail.key);
    expect(atOnce.sort()).toEqual(
      urgentIds
        .slice(0, urgentComplaintEmailsPerWindow)
        .map((id) => `complaint-${id}`)
        .sort(),
    );

    // Not before the window has closed and settled; then once, however often the schedule runs.
    expect(await sendComplaintDigests(at(61))).toBe(0);
    await sendComplaintDigests(at(65));
    await sendComplaintDigests(at(66)); // a retried run
    await sendComplaintDigests(at(125)); // the next hour's run looks back over this window
    const digests = (await emailsOf(admin.uid)).filter((mail) => mail.key.startsWith('complaint-digest-'));
    expect(digests).toHaveLength(1);
    expect(digests[0]?.key).toBe(`complaint-digest-${windowStart.toISOString()}`);
    expect(digests[0]?.message.subject).toMatch(/^3 new complaints, /);
    const { text, html } = digests[0]!.message as { text: string; html: string };
    expect(text).toContain(`Urgent: Hygiene: Urgent ${urgentComplaintEmailsPerWindow}`);
    expect(text).toContain(`Urgent: Hygiene: Urgent ${urgentComplaintEmailsPerWindow + 1}`);
    expect(text).toContain('Food quality: The <b>dal</b> was cold');
    expect(text).not.toContain('Urgent 0\n');
    expect(html).toContain('The &lt;b&gt;dal&lt;/b&gt; was cold');
    expect((await db.doc(`complaints/${quiet.insertedId}`).get()).data()?.digestWindow).toBe(windowStart.toISOString());
    expect(await emailsOf(staff.uid)).toEqual([]);
  });

  it('a food complaint is not emailed on its own: it waits for the digest', async () => {
    const admin = await verifiedUser({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const raised = await raise(member.token, { category: 'food', text: 'Cold chips' });
    expect(raised.status).toBe(201);
    expect((await mailOf(admin.uid)).filter((mail) => mail.key === `complaint-${raised.body.insertedId}`)).toEqual([]);
  });
});
