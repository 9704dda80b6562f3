// Types for scripts/lib/private-meal-fields.mjs, which the API suite (TypeScript) imports.
import type { Firestore } from 'firebase-admin/firestore';

export declare function movePrivateMealFields(db: Firestore): Promise<number>;
