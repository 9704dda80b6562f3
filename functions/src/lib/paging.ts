import { FieldPath, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { badRequest } from './errors.js';
import { db } from './firestore.js';

/**
 * A cursor is the path of the last document of the previous page, so the next page starts
 * right after it with startAfter(snapshot): page N reads what page 1 reads.
 */
export function encodeCursor(snapshot: DocumentSnapshot): string {
  return Buffer.from(snapshot.ref.path, 'utf8').toString('base64url');
}

export async function decodeCursor(cursor: string | undefined): Promise<DocumentSnapshot | null> {
  if (!cursor) return null;
  const path = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[A-Za-z]+\/[^/]+(\/[A-Za-z]+\/[^/]+)*$/.test(path)) throw badRequest('cursor: not a valid cursor');
  const snapshot = await db.doc(path).get();
  if (!snapshot.exists) throw badRequest('cursor: the page it points to no longer exists');
  return snapshot;
}

/** Runs `query` for one page and returns the documents plus the cursor of the next page. */
export async function readPage(query: Query, limit: number, cursor: string | undefined) {
  const after = await decodeCursor(cursor);
  // Ties on the sort fields are broken by document id, so cursors never skip or repeat.
  let page = query.orderBy(FieldPath.documentId()).limit(limit + 1);
  if (after) {
    // A cursor from another list (another collection, or a document without this list's
    // sort fields) is refused by the SDK with a plain Error: it is the client's mistake.
    try {
      page = page.startAfter(after);
    } catch {
      throw badRequest('cursor: not a cursor of this list');
    }
  }
  const snapshot = await page.get();
  const docs = snapshot.docs.slice(0, limit);
  const last = docs[docs.length - 1];
  return { docs, nextCursor: snapshot.docs.length > limit && last ? encodeCursor(last) : null };
}
