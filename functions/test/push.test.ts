// Push reminders (ADR 81): a member's push choices and browsers through the API, and a bell
// entry pushed through FCM's v1 API, here a local stand-in of fcm.googleapis.com (the edge):
// what is asserted is each request as FCM would receive it, and what the member's data
// becomes after FCM's answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maxPushDevices } from '@hostelhub/contracts';
import { pushDeviceId } from '../src/features/push/devices.js';
import { deliverNotice } from '../src/features/push/deliver.js';
import { fcmSender, type PushSender } from '../src/features/push/fcm.js';
import { call, db } from './support/emulators.js';
import { member, servingNow } from './support/counter.js';
import { reserve } from './support/feedback.js';

const hourMs = 3_600_000;
/** An FCM registration token as browsers get them (the characters FCM uses). */
const tokenOf = (name: string) => `${name}:APA91b${'x'.repeat(40)}_${name}-token`;

type Received = { path: string; authorization: string | undefined; message: Record<string, any> };
let received: Received[] = [];
/** Tokens the stand-in answers as FCM does a browser that unsubscribed. */
const unregistered = new Set<string>();
let standIn: Server;
let send: PushSender;

beforeAll(async () => {
  standIn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { message } = JSON.parse(body) as { message: Record<string, any> };
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, message });
      response.setHeader('content-type', 'application/json');
      if (unregistered.has(message.token)) {
        response.statusCode = 404;
        response.end(
          JSON.stringify({
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
            },
          }),
        );
        return;
      }
      response.end(JSON.stringify({ name: `projects/hostel-prod/messages/${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  send = fcmSender({
    projectId: 'hostel-prod',
    accessToken: async () => 'stand-in-access-token',
    origin: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
  });
});

beforeEach(() => {
  received = [];
  unregistered.clear();
});

afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

const addDevice = (token: string, device: string, label = 'Chrome on Android') =>
  call('addPushDevice', { token, body: { token: device, label } });

describe('push choices and devices', () => {
  it('starts with every kind off, changes only the kinds named, and refuses what is not a choice', async () => {
    const mia = await member();
    const settings = await call('pushSettings', { token: mia.token });
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({
      preferences: { reservation: false, 'cutoff-reminder': false, leave: false, 'complaint-answer': false },
      devices: [],
    });
    const changed = await call('updatePushPreferences', { token: mia.token, body: { leave: true } });
    expect(changed.body).toEqual({
      reservation: false,
      'cutoff-reminder': false,
      leave: true,
      'complaint-answer': false,
    });
    const wrong = await call('updatePushPreferences', { token: mia.token, untypedBody: { leave: 'yes' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^leave: /);
    const unknown = await call('updatePushPreferences', { token: mia.token, untypedBody: { weekly: true } });
    expect(unknown.status).toBe(400);
    expect((await call('pushSettings', {})).status).toBe(401);
  });

  it('keeps one device per browser, never answers its token, and refuses a malformed one', async () => {
    const mia = await member();
    const first = await addDevice(mia.token, tokenOf('phone'));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: pushDeviceId(tokenOf('phone')),
      label: 'Chrome on Android',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    // The same browser again (a new session): the same device, seen again.
    const again = await addDevice(mia.token, tokenOf('phone'), 'Chrome on Android');
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.createdAt).toBe(first.body.createdAt);
    const settings = await call('pushSettings', { token: mia.token });
    expect(settings.body.devices).toHaveLength(1);
    expect(JSON.stringify(settings.body)).not.toContain('APA91b');

    for (const [body, field] of [
      [{ token: 'short', label: 'x' }, 'token'],
      [{ token: `${tokenOf('a')}<script>`, label: 'x' }, 'token'],
      [{ token: tokenOf('a'), label: '   ' }, 'label'],
      [{ token: tokenOf('a'), label: 'x'.repeat(81) }, 'label'],
      [{ token: tokenOf('a'), label: 'x', extra: 1 }, ''],
    ] as const) {
      const refused = await call('addPushDevice', { token: mia.token, untypedBody: body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      if (field) expect(refused.body.message).toMatch(new RegExp(`^${field}: `));
    }
    const badId = await call('removePushDevice', { token: mia.token, params: { deviceId: '../x' } });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/^deviceId: /);
  });

  it(`keeps at most ${maxPushDevices} devices, forgetting the one heard from longest ago`, async () => {
    const mia = await member();
    for (let index = 0; index <= maxPushDevices; index++) {
      expect((await addDevice(mia.token, tokenOf(`browser${index}`), `Browser ${index}`)).status).toBe(201);
    }
    const { devices } = (await call('pushSettings', { token: mia.token })).body as { devices: { label: string }[] };
    expect(devices.map((device) => device.label)).toEqual([
      'Browser 5',
      'Browser 4',
      'Browser 3',
      'Browser 2',
      'Browser 1',
    ]);
    expect((await db.collection(`users/${mia.uid}/pushDevices`).get()).size).toBe(maxPushDevices);
  });

  it("forgets a device of the caller's only (this browser at sign-out), and the export lists it without its token", async () => {
    const mia = await member();
    const ravi = await member({ name: 'Ravi Other' });
    const device = (await addDevice(mia.token, tokenOf('laptop'), 'Firefox on Windows')).body as { id: string };

    const exported = await call('myData', { token: mia.token });
    expect(exported.body.pushDevices).toEqual([
      { _id: device.id, label: 'Firefox on Windows', createdAt: expect.any(String), lastSeenAt: expect.any(String) },
    ]);

    const byOther = await call('removePushDevice', { token: ravi.token, params: { deviceId: device.id } });
    expect(byOther.body).toEqual({ deletedCount: 0 });
    expect((await db.doc(`users/${mia.uid}/pushDevices/${device.id}`).get()).exists).toBe(true);
    const removed = await call('removePushDevice', { token: mia.token, params: { deviceId: device.id } });
    expect(removed.body).toEqual({ deletedCount: 1 });
    expect((await call('pushSettings', { token: mia.token })).body.devices).toEqual([]);
  });
});

describe('a bell entry pushed through FCM', () => {
  it('is pushed to each device once, with the email off, and a device FCM says is gone is forgotten', async () => {
    const mia = await member();
    await db.doc(`users/${mia.uid}`).update({ 'emailPreferences.reservation': false });
    await call('updatePushPreferences', { token: mia.token, body: { reservation: true } });
    await addDevice(mia.token, tokenOf('phone'), 'Phone');
    await addDevice(mia.token, tokenOf('old-laptop'), 'Old laptop');
    unregistered.add(tokenOf('old-laptop'));
    const lunch = await servingNow({ startsInMs: 4 * hourMs });
    const requestId = await reserve(mia.token, lunch.meal.id, lunch.servingId);

    // The email is off, yet the bell entry is written: the push is sent from it.
    const notices = await db
      .collection(`users/${mia.uid}/notifications`)
      .where('kind', '==', 'reservation-confirmed')
      .get();
    expect(notices.size).toBe(1);
    const [notice] = notices.docs;
    expect((await db.collection('mail').where('uid', '==', mia.uid).get()).size).toBe(0);

    const outcome = await deliverNotice(mia.uid, notice!.id, send);
    expect(outcome).toEqual({ sent: 1, gone: 1, failed: 0 });
    expect(received).toHaveLength(2);
    for (const each of received) {
      expect(each.path).toBe('/v1/projects/hostel-prod/messages:send');
      expect(each.authorization).toBe('Bearer stand-in-access-token');
    }
    const toPhone = received.find((each) => each.message.token === tokenOf('phone'))!;
    expect(toPhone.message).toEqual({
      token: tokenOf('phone'),
      webpush: {
        headers: { Urgency: 'high', TTL: '86400' },
        data: {
          noticeId: notice!.id,
          title: 'Reservation confirmed',
          body: expect.stringContaining(lunch.meal.title),
          link: '/dashboard/requested-meal',
        },
      },
    });
    expect(notice!.id).toContain(requestId);
    // The gone browser is forgotten; the notice says what its push came to.
    const devices = await db.collection(`users/${mia.uid}/pushDevices`).get();
    expect(devices.docs.map((doc) => doc.get('label'))).toEqual(['Phone']);
    expect((await notice!.ref.get()).get('push')).toMatchObject({ state: 'sent', sent: 1, gone: 1 });

    // The trigger delivered again (Firestore's at-least-once): nothing is sent twice.
    expect(await deliverNotice(mia.uid, notice!.id, send)).toBeNull();
    expect(received).toHaveLength(2);
  });

  it('sends nothing for a kind turned off, a kind never pushed, or a member with no device', async () => {
    const ravi = await member({ name: 'Ravi Reply' });
    await addDevice(ravi.token, tokenOf('ravi'), 'Phone');
    const notices = db.collection(`users/${ravi.uid}/notifications`);
    const write = (id: string, kind: string) =>
      notices.doc(id).set({
        kind,
        title: 'T',
        body: 'B',
        link: '/dashboard/complaints',
        createdAt: FieldValue.serverTimestamp(),
        readAt: null,
      });

    await write('answered', 'complaint-updated');
    expect(await deliverNotice(ravi.uid, 'answered', send)).toBeNull();

    await call('updatePushPreferences', { token: ravi.token, body: { 'complaint-answer': true } });
    await write('made-admin', 'made-admin');
    expect(await deliverNotice(ravi.uid, 'made-admin', send)).toBeNull();
    expect(received).toEqual([]);
    expect((await notices.doc('answered').get()).get('push')).toBeUndefined();

    await write('answered-again', 'complaint-updated');
    expect(await deliverNotice(ravi.uid, 'answered-again', send)).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(received[0]!.message.webpush.headers.TTL).toBe(String(3 * 24 * 3600));

    const nobody = await member({ name: 'No Device' });
    await call('updatePushPreferences', { token: nobody.token, body: { 'complaint-answer': true } });
    await db.doc(`users/${nobody.uid}/notifications/answered`).set({
      kind: 'complaint-updated',
      title: 'T',
      body: 'B',
      link: null,
      createdAt: FieldValue.serverTimestamp(),
      readAt: null,
    });
    expect(await deliverNotice(nobody.uid, 'answered', send)).toBeNull();
  });

  it('keeps a device when FCM is busy or cannot be reached, and says so', async () => {
    const mia = await member();
    await call('updatePushPreferences', { token: mia.token, body: { leave: true } });
    await addDevice(mia.token, tokenOf('phone'), 'Phone');
    await db.doc(`users/${mia.uid}/notifications/leave-1`).set({
      kind: 'leave-decided',
      title: 'Leave approved',
      body: 'B',
      link: '/dashboard/my-leave',
      createdAt: FieldValue.serverTimestamp(),
      readAt: null,
    });
    const unreachable = fcmSender({
      projectId: 'hostel-prod',
      accessToken: async () => 't',
      origin: 'http://127.0.0.1:9',
    });
    expect(await deliverNotice(mia.uid, 'leave-1', unreachable)).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect((await db.collection(`users/${mia.uid}/pushDevices`).get()).size).toBe(1);
  });
});
