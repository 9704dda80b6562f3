import { db } from './emulators.js';

/** A rollup document (ADR 0036) as stored, empty when it does not exist. */
export const rollup = async (id: string) => (await db.doc(`rollups/${id}`).get()).data() ?? {};

/** The number at `path` inside a rollup, 0 where the path is missing. */
export const numberIn = (document: Record<string, any>, ...path: string[]): number =>
  path.reduce<any>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), document) ?? 0;

/** How far the number at `path` moved from the `before` rollup to the `after` one. */
export const movedBy = (after: Record<string, any>, before: Record<string, any>, ...path: string[]): number =>
  numberIn(after, ...path) - numberIn(before, ...path);
