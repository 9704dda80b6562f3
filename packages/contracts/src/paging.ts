import { z } from './zod.js';

/** `limit` and `cursor` query fields of every cursor-paged list. */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(1500).optional(),
};

/** One page of a cursor-paged list; `nextCursor` is null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };
