// Firebase Cloud Messaging's HTTP v1 API (ADR 81), the one call a push needs. Not the Admin
// SDK's messaging: it names fcm.googleapis.com in its code, and the API is the edge, which
// tests reach through a local stand-in as they reach Stripe and Google's Admin API.
import { applicationDefault } from 'firebase-admin/app';

/** One message to one browser: FCM's `message` as the v1 API takes it. */
export type FcmMessage = {
  token: string;
  webpush: {
    headers: { Urgency: 'high' | 'normal'; TTL: string };
    data: Record<string, string>;
  };
};

/** What FCM answered: sent, or refused with its status and its FCM error code. */
export type FcmResult = { ok: true } | { ok: false; status: number; errorCode: string; message: string };

/** Sends one message. */
export type PushSender = (message: FcmMessage) => Promise<FcmResult>;

type FcmError = { error?: { status?: string; message?: string; details?: { '@type'?: string; errorCode?: string }[] } };

/** FCM's own error code (`UNREGISTERED`, `INVALID_ARGUMENT`...) from its error answer. */
function errorCodeOf(answer: FcmError): string {
  const detail = answer.error?.details?.find((entry) => entry['@type']?.endsWith('google.firebase.fcm.v1.FcmError'));
  return detail?.errorCode ?? answer.error?.status ?? 'UNKNOWN';
}

/**
 * A sender for `projectId` through the v1 API at `origin` (Google's unless a test says),
 * authorised by `accessToken`. A network failure is an answer too (status 0), so one browser
 * that cannot be reached does not stop the others.
 */
export function fcmSender({
  projectId,
  accessToken,
  origin = 'https://fcm.googleapis.com',
}: {
  projectId: string;
  accessToken: () => Promise<string>;
  origin?: string;
}): PushSender {
  const url = `${origin}/v1/projects/${encodeURIComponent(projectId)}/messages:send`;
  return async (message) => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ message }),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return { ok: true };
      const answer = (await response.json().catch(() => ({}))) as FcmError;
      return {
        ok: false,
        status: response.status,
        errorCode: errorCodeOf(answer),
        message: answer.error?.message ?? response.statusText,
      };
    } catch (error) {
      return { ok: false, status: 0, errorCode: 'UNREACHABLE', message: String(error) };
    }
  };
}

/** The deployed sender: the function's own service account, the project it runs in. */
export function deployedSender(): PushSender {
  const credential = applicationDefault();
  return fcmSender({
    projectId: process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? '',
    accessToken: async () => (await credential.getAccessToken()).access_token,
  });
}

/**
 * Whether FCM says the token will never work again: the browser unsubscribed, the app was
 * removed, or the token is not one (FCM's documented cases for deleting it). Anything else
 * (FCM busy, a quota, a network failure) leaves the device for the next notice.
 */
export function tokenIsGone(result: FcmResult): boolean {
  if (result.ok) return false;
  if (result.errorCode === 'UNREGISTERED') return true;
  return result.errorCode === 'INVALID_ARGUMENT' && /registration token/i.test(result.message);
}
