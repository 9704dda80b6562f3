import { priceWithVatInCents } from '@hostelhub/contracts';
import { typed } from '../../lib/converters/index.js';

export type MembershipPackage = { id: string; name: string; price: number };

/** Reads a package from Firestore, the only source of a membership's price. */
export async function loadPackage(packageId: string): Promise<MembershipPackage | null> {
  const snapshot = await typed.packages().doc(packageId).get();
  const data = snapshot.data();
  if (!snapshot.exists || !data || typeof data.price !== 'number' || typeof data.name !== 'string') return null;
  return { id: snapshot.id, name: data.name, price: data.price };
}

/** What a package costs with VAT, in cents: the amount every PaymentIntent must carry. */
export function chargeInCents(membershipPackage: MembershipPackage): number {
  return priceWithVatInCents(membershipPackage.price);
}
