// The audit log's query (docs/api.md "Activity"): by person, kind and days, paged by cursor.
import { adminActionKinds } from './admin-actions.js';
import { documentId } from './ids.js';
import { calendarDate } from './menu-schemas.js';
import { pageQuery } from './paging.js';
import { z } from './zod.js';

const filters = {
  /** The uid of the person who acted. */
  actor: documentId.optional(),
  kind: z.enum(adminActionKinds, 'kind must be one of the logged kinds').optional(),
  /** Days in the hostel's calendar, both counted. */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
};
const ordered = (range: { from?: string | undefined; to?: string | undefined }) =>
  range.from === undefined || range.to === undefined || range.from <= range.to;

/** GET /admin-actions (admins). */
export const adminActionsQuery = z
  .object({ ...filters, ...pageQuery })
  .refine(ordered, { message: 'from must not be after to', path: ['from'] });
export type AdminActionsQuery = z.input<typeof adminActionsQuery>;

/** GET /exports/admin-actions.csv (admins): the same filters, every entry they match up to the export's cap. */
export const adminActionsExportQuery = z
  .object(filters)
  .refine(ordered, { message: 'from must not be after to', path: ['from'] });
export type AdminActionsExportQuery = z.input<typeof adminActionsExportQuery>;
