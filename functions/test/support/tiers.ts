// Members of packages with the demo tiers' entitlements (scripts/lib/demo-data.mjs).
import { randomBytes } from 'node:crypto';
import { db } from './emulators.js';
import { createUserDirect } from './users.js';

type Tier = 'Silver' | 'Gold' | 'Platinum';
const entitlements: Record<Tier, { weeklyRequestLimit: number | null; priorityServing: boolean }> = {
  Silver: { weeklyRequestLimit: 3, priorityServing: false },
  Gold: { weeklyRequestLimit: 7, priorityServing: true },
  Platinum: { weeklyRequestLimit: null, priorityServing: true },
};

/** A member of a package of their own with the tier's entitlements, as the seed gives them. */
export async function createTierMember(tier: Tier, name = `${tier} Member`) {
  const id = `test-${tier.toLowerCase()}-${randomBytes(5).toString('hex')}`;
  await db.doc(`packages/${id}`).set({ name: tier, price: 10, services: ['Testing'], ...entitlements[tier] });
  return createUserDirect({ membership: tier, membershipFields: { packageId: id }, name });
}
