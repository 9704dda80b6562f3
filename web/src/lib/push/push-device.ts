// This browser as one of the member's push devices (ADR 81): its FCM registration token, got
// with the site's own service worker, registered with the API; forgotten at sign-out. Firebase
// Messaging is imported only when push is turned on, never on a page's first load.
import { routes, type PushDevice } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { env } from '@/lib/env';

/** Whether this browser can get push, and if not, why (My Profile says it). */
export type PushAvailability = 'available' | 'not-configured' | 'unsupported' | 'install-first' | 'blocked';

/** An iPhone or iPad (iPadOS reports itself as a Mac with a touch screen). */
const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

/** Opened from the Home Screen rather than in a browser tab. */
const installed = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined') return 'unsupported';
  // iOS and iPadOS give web push only to a site added to the Home Screen (16.4 and later).
  if (isAppleMobile() && !installed()) return 'install-first';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  if (!env.fcmVapidKey || !env.firebase.appId) return 'not-configured';
  if (Notification.permission === 'denied') return 'blocked';
  return 'available';
}

/** What the member's device list calls this browser: "Chrome on Android". */
export function deviceLabel(userAgent = navigator.userAgent): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Samsung Internet', /SamsungBrowser\//],
      ['Firefox', /Firefox\/|FxiOS\//],
      ['Chrome', /Chrome\/|CriOS\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? 'A browser';
  const system =
    [
      ['Android', /Android/],
      ['iPhone', /iPhone/],
      ['iPad', /iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['ChromeOS', /CrOS/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? 'this device';
  return `${browser as string} on ${system as string}`;
}

const storageKey = (uid: string) => `hostelhub.push-device.${uid}`;

/** The id of this browser's device for `uid`, if push was turned on here. */
export function pushDeviceHere(uid: string): string | null {
  try {
    return localStorage.getItem(storageKey(uid));
  } catch {
    return null;
  }
}

/** Refused by the browser or the member: said as it is on My Profile. */
export class PushRefused extends Error {}

/**
 * Turns push on for this browser: asks the member's permission, gets the token with the
 * site's service worker and registers it. Answers the device as the API stored it.
 */
export async function turnOnPushHere(uid: string): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushRefused(
      permission === 'denied'
        ? "Notifications are blocked for this site: allow them in your browser's site settings, then try again."
        : 'Push stays off: the browser asked and nothing was allowed.',
    );
  }
  const registration = await navigator.serviceWorker.ready;
  const [{ getMessaging, getToken }, { getFirebaseApp }] = await Promise.all([
    import('firebase/messaging'),
    import('@/lib/firebase'),
  ]);
  const token = await getToken(getMessaging(getFirebaseApp()), {
    vapidKey: env.fcmVapidKey,
    serviceWorkerRegistration: registration,
  });
  const device = await fetchEndpoint(routes.addPushDevice, { body: { token, label: deviceLabel() } });
  localStorage.setItem(storageKey(uid), device.id);
  return device;
}

/**
 * Stops push on this browser for `uid`: the device is forgotten by the API while the session
 * still has its token, and the browser's push subscription is dropped, which works with no
 * signal too (FCM then answers that the token is gone, and the next push forgets the device).
 * Nothing here stops a sign-out.
 */
export async function forgetPushHere(uid: string): Promise<void> {
  const deviceId = pushDeviceHere(uid);
  if (!deviceId) return;
  localStorage.removeItem(storageKey(uid));
  const forgotten = Promise.allSettled([
    fetchEndpoint(routes.removePushDevice, { params: { deviceId } }),
    navigator.serviceWorker?.getRegistration().then(async (registration) => {
      const subscription = await registration?.pushManager.getSubscription();
      await subscription?.unsubscribe();
    }),
  ]);
  // A sign-out waits for the API at most a moment: the dropped subscription is enough.
  await Promise.race([forgotten, new Promise((resolve) => setTimeout(resolve, 2000))]);
}
