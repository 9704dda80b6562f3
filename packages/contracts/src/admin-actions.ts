// The audit log (issue 55, ADR 78): who changed what, written in the same transaction as each
// change an admin or a member of staff makes. Plain values and types, no schemas
// (admin-action-schemas.ts), so the Activity screen uses them without zod.

/** What was changed. Each kind names its target's type before the dot. */
export const adminActionKinds = [
  'user.role',
  'user.homeHall',
  'user.halls',
  'hall.added',
  'hall.changed',
  'hall.deleted',
  'meal.added',
  'meal.changed',
  'meal.deleted',
  'serving.added',
  'serving.changed',
  'serving.deleted',
  'day.closed',
  'day.reopened',
  'complaint.status',
  'leave.decided',
  'pass.redeemedByCode',
  'settings.changed',
] as const;
export type AdminActionKind = (typeof adminActionKinds)[number];

/** The words the Activity screen uses for each kind. */
export const adminActionKindLabels: Record<AdminActionKind, string> = {
  'user.role': 'Role changed',
  'user.homeHall': 'Home hall set',
  'user.halls': "Staff's halls set",
  'hall.added': 'Hall added',
  'hall.changed': 'Hall changed',
  'hall.deleted': 'Hall deleted',
  'meal.added': 'Meal added',
  'meal.changed': 'Meal changed',
  'meal.deleted': 'Meal deleted',
  'serving.added': 'Serving planned',
  'serving.changed': 'Serving changed',
  'serving.deleted': 'Serving removed',
  'day.closed': 'Day closed',
  'day.reopened': 'Day opened again',
  'complaint.status': 'Complaint status',
  'leave.decided': 'Leave decided',
  'pass.redeemedByCode': 'Served by short code',
  'settings.changed': 'Settings changed',
};

/** A field's value as the log keeps it: text, a number, a flag, a list of text, or nothing. */
export type AdminActionValue = string | number | boolean | null | string[];
/** The fields a change touched, before or after it; null for nothing (added, or deleted). */
export type AdminActionFields = Record<string, AdminActionValue> | null;

export type AdminActor = { uid: string; name: string; role: string };

/** One entry of the log as GET /admin-actions answers it. */
export type AdminAction = {
  _id: string;
  at: string;
  actor: AdminActor;
  kind: AdminActionKind;
  /** What was changed: its type, its id, and a label to read it by (a meal's title, a date). */
  target: { type: string; id: string; label: string };
  before: AdminActionFields;
  after: AdminActionFields;
};

/** GET /admin-actions */
export type AdminActionsPage = { actions: AdminAction[]; nextCursor: string | null };

/** The header row of GET /exports/admin-actions.csv. */
export const adminActionsCsvHeader = ['at', 'actor', 'role', 'kind', 'target', 'target id', 'before', 'after'] as const;
