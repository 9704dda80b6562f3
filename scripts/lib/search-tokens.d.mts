// Types for scripts/lib/search-tokens.mjs, which the API suite (TypeScript) imports.
import type { Firestore } from 'firebase-admin/firestore';

export declare function rebuildMealSearchTokens(db: Firestore): Promise<number>;
