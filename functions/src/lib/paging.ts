import { FieldPath, type DocumentData, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { hasValidSignature, signValue } from './api-token.js';
import { badRequest } from './errors.js';
import { db } from './firestore.js';

/**
 * A cursor is the path of the last document of the previous page, so the next page starts
 * right after it with startAfter(snapshot): page N reads what page 1 reads. The path is
 * signed, so a client can only hand back positions the API gave out: without that, a cursor
 * would let anyone ask whether any document exists. Every bad cursor gets the same answer.
 */
const cursorPurpose = 'page-cursor';
const invalidCursorMessage = 'cursor: not a valid cursor for this list';
const invalidCursor = () => badRequest(invalidCursorMessage);

export function encodeCursor(snapshot: { ref: { path: string } }): string {
  const path = snapshot.ref.path;
  return `${Buffer.from(path, 'utf8').toString('base64url')}.${signValue(cursorPurpose, path)}`;
}

async function decodeCursor(cursor: string | undefined): Promise<DocumentSnapshot | null> {
  if (!cursor) return null;
  const [encodedPath = '', signature = '', ...rest] = cursor.split('.');
  const path = Buffer.from(encodedPath, 'base64url').toString('utf8');
  if (rest.length > 0 || !/^[A-Za-z]+\/[^/]+(\/[A-Za-z]+\/[^/]+)*$/.test(path)) throw invalidCursor();
  if (!hasValidSignature(cursorPurpose, path, signature)) throw invalidCursor();
  const snapshot = await db.doc(path).get();
  if (!snapshot.exists) throw invalidCursor();
  return snapshot;
}

/** Runs `query` for one page and returns the documents plus the cursor of the next page. */
export async function readPage<T = DocumentData>(query: Query<T>, limit: number, cursor: string | undefined) {
  const after = await decodeCursor(cursor);
  // Ties on the sort fields are broken by document id, so cursors never skip or repeat.
  let page = query.orderBy(FieldPath.documentId()).limit(limit + 1);
  if (after) {
    // A cursor from another list (another collection, or a document without this list's
    // sort fields) is refused by the SDK with a plain Error: it is the client's mistake.
    try {
      page = page.startAfter(after);
    } catch {
      throw invalidCursor();
    }
  }
  const snapshot = await page.get();
  const docs = snapshot.docs.slice(0, limit);
  const last = docs[docs.length - 1];
  return { docs, nextCursor: snapshot.docs.length > limit && last ? encodeCursor(last) : null };
}
