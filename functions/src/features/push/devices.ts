// The browsers a member receives push on, and what they want pushed (ADR 81):
// `users/{uid}/pushDevices/{id}` and the profile's `pushPreferences`.
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import {
  maxPushDevices,
  pushPreferencesOf,
  type Deleted,
  type PushDevice,
  type PushPreferences,
  type PushSettings,
} from '@hostelhub/contracts';
import { currentTime } from '../../lib/clock.js';
import { typed, type PushDeviceDocument } from '../../lib/converters/index.js';
import { notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { isoTime } from '../../lib/timestamps.js';

const userRef = (uid: string) => typed.users().doc(uid);
export const pushDevicesOf = (uid: string) => typed.pushDevices(userRef(uid));

/** A device's id: the token's SHA-256, so the same browser registering again is the same device. */
export const pushDeviceId = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 32);

const seen = (device: PushDeviceDocument) => device.lastSeenAt?.toMillis() ?? 0;

const answered = (id: string, device: PushDeviceDocument): PushDevice => ({
  id,
  label: device.label,
  createdAt: isoTime(device.createdAt),
  lastSeenAt: isoTime(device.lastSeenAt),
});

/** GET /user/push: the member's choices and devices, the most recently seen first. */
export async function pushSettings(uid: string): Promise<PushSettings> {
  const [user, devices] = await Promise.all([
    userRef(uid).get(),
    pushDevicesOf(uid)
      .limit(maxPushDevices * 2)
      .get(),
  ]);
  const stored = user.data();
  if (!stored) throw notFound('No profile for this user');
  return {
    preferences: pushPreferencesOf(stored.pushPreferences),
    devices: devices.docs
      .sort((a, b) => seen(b.data()) - seen(a.data()))
      .map((device) => answered(device.id, device.data())),
  };
}

/** PATCH /user/push-preferences: the kinds named change; answers every kind. */
export async function updatePushPreferences(uid: string, changes: Partial<PushPreferences>): Promise<PushPreferences> {
  return db.runTransaction(async (transaction) => {
    const user = await transaction.get(userRef(uid));
    const stored = user.data();
    if (!stored) throw notFound('No profile for this user');
    const next = { ...pushPreferencesOf(stored.pushPreferences), ...changes };
    transaction.update(user.ref, { pushPreferences: next });
    return next;
  });
}

/**
 * POST /user/push-devices: this browser's token, stored or seen again. With more than
 * `maxPushDevices`, those heard from longest ago are forgotten in the same transaction, so
 * the cap holds however many browsers register at once.
 */
export async function addPushDevice(
  uid: string,
  { token, label }: { token: string; label: string },
  now: Date = currentTime(),
): Promise<PushDevice> {
  const id = pushDeviceId(token);
  return db.runTransaction(async (transaction) => {
    const user = await transaction.get(userRef(uid));
    if (!user.exists) throw notFound('No profile for this user');
    const devices = await transaction.get(pushDevicesOf(uid));
    const existing = devices.docs.find((device) => device.id === id);
    const at = Timestamp.fromDate(now);
    const device: PushDeviceDocument = {
      token,
      label,
      createdAt: existing?.data().createdAt ?? at,
      lastSeenAt: at,
    };
    transaction.set(pushDevicesOf(uid).doc(id), device);
    const others = devices.docs.filter((each) => each.id !== id).sort((a, b) => seen(b.data()) - seen(a.data()));
    for (const stale of others.slice(maxPushDevices - 1)) transaction.delete(stale.ref);
    return answered(id, device);
  });
}

/** DELETE /user/push-devices/{id}: one of the caller's devices forgotten (none: 0). */
export async function removePushDevice(uid: string, deviceId: string): Promise<Deleted> {
  const ref = pushDevicesOf(uid).doc(deviceId);
  return db.runTransaction(async (transaction) => {
    const device = await transaction.get(ref);
    if (!device.exists) return { deletedCount: 0 };
    transaction.delete(ref);
    return { deletedCount: 1 };
  });
}
