import { planChangePreviewLifetimeSeconds } from '@hostelhub/contracts';
import { hasValidSignature, signValue } from '../../lib/api-token.js';

// A plan change is charged from its proration date to the end of the period. Left to the
// client, that date is the price: a minute before the period ends makes an upgrade nearly
// free, a minute after it began makes a downgrade a month of credit. So the date is the
// server's: the preview picks it (now) and signs it with what it was shown for, and the change
// accepts it only with that signature, only from the same caller for the same subscription
// and Price, and only while it is recent (docs/decisions/0017-proration-date-signed-by-the-server.md).

const purpose = 'plan-change-proration';

/**
 * How far ahead of this instance's clock a date issued by another instance may be (their
 * clocks agree to well under a second; a few seconds of proration are worth nothing).
 */
export const prorationClockSkewSeconds = 5;

export type ProrationClaims = {
  uid: string;
  subscriptionId: string;
  packageId: string;
  /** The Stripe Price the change moves to: a package price changed since the preview voids it. */
  priceId: string;
  prorationDate: number;
};

const signedText = (claims: ProrationClaims) =>
  [claims.uid, claims.subscriptionId, claims.packageId, claims.priceId, String(claims.prorationDate)].join('\n');

/** The token the preview hands out with its proration date. */
export const signProrationToken = (claims: ProrationClaims): string => signValue(purpose, signedText(claims));

/** Whether the date is neither in the future nor older than a preview may be confirmed. */
export function isRecentProrationDate(prorationDate: number, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return (
    prorationDate <= nowSeconds + prorationClockSkewSeconds &&
    nowSeconds - prorationDate <= planChangePreviewLifetimeSeconds
  );
}

/** Whether `token` is the server's own signature of exactly these claims. */
export const isServerProrationToken = (claims: ProrationClaims, token: string): boolean =>
  hasValidSignature(purpose, signedText(claims), token);
