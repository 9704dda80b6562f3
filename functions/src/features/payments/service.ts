import { isMember, type Page, type PaymentRecord, type PurchasedPackage } from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { readPage } from '../../lib/paging.js';
import { loadProfile, uidForEmail } from '../../lib/profiles.js';
import { isoTime } from '../../lib/timestamps.js';
import { paymentHistoryQuery } from './queries.js';
import { currentTime } from '../../lib/clock.js';

export async function alreadyPurchased(user: TokenClaims, email: string): Promise<PurchasedPackage> {
  const uid = await uidForEmail(user, email);
  const profile = uid ? await loadProfile(uid) : null;
  const held = profile && isMember(profile, currentTime()) ? profile.membership : null;
  return { packageName: held?.packageName ?? null, packageId: held?.packageId ?? null };
}

/**
 * A user's payments, newest first, in cursor pages: one row per paid invoice, and the one-off
 * months bought before subscriptions (keyed by their PaymentIntent), read the same way.
 */
export async function paymentHistory(
  user: TokenClaims,
  email: string,
  limit: number,
  cursor: string | undefined,
): Promise<Page<PaymentRecord>> {
  const uid = await uidForEmail(user, email);
  if (!uid) return { items: [], nextCursor: null };
  const { docs, nextCursor } = await readPage(paymentHistoryQuery(uid), limit, cursor);
  const items = docs.map((doc): PaymentRecord => {
    const data = doc.data();
    return {
      _id: doc.id,
      packageName: data.packageName ?? '',
      email: data.email ?? '',
      amount: data.amount ?? 0,
      transactionId: data.transactionId ?? doc.id,
      paymentMethod: data.paymentMethod ?? [],
      status: data.status,
      paidAt: isoTime(data.paidAt),
      creditCents: data.creditCents ?? 0,
    };
  });
  return { items, nextCursor };
}
