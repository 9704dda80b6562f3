// The audit log (issue 55, ADR 78): each change an admin or a member of staff makes is recorded
// in the same transaction (or batch) that makes it, so a change is never without its entry nor
// an entry without its change. Firestore's own audit logs name the functions' service account,
// not the person. No client may write or change an entry (firestore.rules); the API has no
// route that does.
import { Timestamp, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import type {
  AdminActionFields,
  AdminActionKind,
  AdminActionValue,
  AdminActor,
  UserAccount,
} from '@hostelhub/contracts';
import { currentTime } from './clock.js';
import { typed } from './converters/index.js';

/** Who acts: the profile the role guard loaded for the request (lib/auth.ts adminProfile). */
export const actorOf = (profile: Pick<UserAccount, '_id' | 'name' | 'role'>): AdminActor => ({
  uid: profile._id,
  name: profile.name,
  role: profile.role,
});

/** A value as the log keeps it: a timestamp as its ISO instant, anything else that is not plain as text. */
function logged(value: unknown): AdminActionValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value) && value.every((each) => typeof each === 'string')) return value as string[];
  return JSON.stringify(value);
}

/**
 * The fields of `source` named in `fields`, as logged; null for no document. Only the fields a
 * change is about are kept: a secret (a distributor's email, a token) is never among them.
 */
export function fieldsOf(
  source: Record<string, unknown> | null | undefined,
  fields: readonly string[],
): AdminActionFields {
  if (!source) return null;
  return Object.fromEntries(fields.map((field) => [field, logged(source[field])]));
}

/** The fields whose values differ, before and after: what an update changed. */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  fields: readonly string[],
): { before: AdminActionFields; after: AdminActionFields } {
  const changed = fields.filter(
    (field) => JSON.stringify(logged(before?.[field])) !== JSON.stringify(logged(after?.[field])),
  );
  return { before: fieldsOf(before, changed), after: fieldsOf(after, changed) };
}

export type ActionRecord = {
  kind: AdminActionKind;
  target: { type: string; id: string; label: string };
  before: AdminActionFields;
  after: AdminActionFields;
};

/** Writes one entry with the change, in the writer that makes it. */
export function recordAction(writer: Transaction | WriteBatch, actor: AdminActor, record: ActionRecord) {
  const ref = typed.adminActions().doc();
  // The same create on either writer; the cast only picks one of the two overloads.
  (writer as WriteBatch).create(ref, { at: Timestamp.fromDate(currentTime()), actor, ...record });
  return ref.id;
}

/** The log, newest first, filtered by who acted, the kind and an instant range. */
export function adminActionsQuery(filter: {
  actor?: string | undefined;
  kind?: AdminActionKind | undefined;
  since?: Date;
  until?: Date;
}) {
  let query = typed.adminActions().orderBy('at', 'desc');
  if (filter.actor !== undefined) query = query.where('actor.uid', '==', filter.actor);
  if (filter.kind !== undefined) query = query.where('kind', '==', filter.kind);
  if (filter.since) query = query.where('at', '>=', Timestamp.fromDate(filter.since));
  if (filter.until) query = query.where('at', '<', Timestamp.fromDate(filter.until));
  return query;
}
