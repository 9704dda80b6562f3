import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { PackageEntitlements } from '@hostelhub/contracts';
import { converters, dataOf } from './converters/index.js';

/**
 * A package's entitlements as stored; a package that is missing or predates them limits
 * nothing and gives no priority (the seed and the rules give every package both fields).
 */
export function entitlementsOf(pack: DocumentSnapshot | undefined): PackageEntitlements {
  const stored = pack ? dataOf(converters.packages, pack) : undefined;
  const limit = stored?.weeklyRequestLimit;
  return {
    weeklyRequestLimit: typeof limit === 'number' && Number.isInteger(limit) && limit >= 0 ? limit : null,
    priorityServing: stored?.priorityServing === true,
  };
}
