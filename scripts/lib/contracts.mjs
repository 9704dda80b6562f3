// The contracts package from its TypeScript source, for code that plain Node runs (the seed,
// the benchmark): search tokens and prices are computed exactly as the API computes them,
// from the code as it is now rather than from a build that may be older.
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);

/** @returns {Promise<typeof import('@hostelhub/contracts')>} */
export const loadContracts = () => jiti.import('@hostelhub/contracts');

/** Review ids as the API derives them (a hash, so it lives with the API, not the contracts). */
export const loadReviewIds = () => jiti.import('../../functions/src/features/reviews/review-id.ts');

/** The insights' rollup rebuild (ADR 0036), the API's own code: the seed and scripts/rebuild-rollups.mjs run it. */
export const loadRollupRebuild = () => jiti.import('../../functions/src/lib/rollup-rebuild.ts');
