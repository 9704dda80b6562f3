// The Activity screen's reads (issue 55, ADR 78): GET /admin-actions and its CSV.
import type { Response } from 'express';
import {
  addDays,
  adminActionsCsvHeader,
  csvLine,
  instantOfHostelTime,
  type AdminAction,
  type AdminActionFields,
  type AdminActionsExportQuery,
  type AdminActionsPage,
  type AdminActionsQuery,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { adminActionsQuery } from '../../lib/admin-actions.js';
import type { AdminActionDocument } from '../../lib/converters/index.js';
import { pagesOf, sendCsv } from '../../lib/csv-export.js';
import { readPage } from '../../lib/paging.js';

/** The filters as a query: days in the hostel's calendar become the instants they span. */
function queryOf(filter: AdminActionsExportQuery) {
  const zone = hostelTimeZone();
  return adminActionsQuery({
    actor: filter.actor,
    kind: filter.kind,
    ...(filter.from ? { since: instantOfHostelTime(filter.from, '00:00', zone) } : {}),
    ...(filter.to ? { until: instantOfHostelTime(addDays(filter.to, 1), '00:00', zone) } : {}),
  });
}

const fieldsOf = (fields: Record<string, unknown> | null): AdminActionFields => fields as AdminActionFields;

function toAction(id: string, stored: AdminActionDocument): AdminAction {
  return {
    _id: id,
    at: stored.at.toDate().toISOString(),
    actor: stored.actor,
    kind: stored.kind,
    target: stored.target,
    before: fieldsOf(stored.before),
    after: fieldsOf(stored.after),
  };
}

/** GET /admin-actions: a page of the log, newest first. */
export async function listAdminActions(query: AdminActionsQuery & { limit: number }): Promise<AdminActionsPage> {
  const { docs, nextCursor } = await readPage(queryOf(query), query.limit, query.cursor);
  return { actions: docs.map((doc) => toAction(doc.id, doc.data())), nextCursor };
}

/** "price: 12.5" lines of a side of a change, for a CSV cell. */
const described = (fields: AdminActionFields) =>
  fields === null
    ? ''
    : Object.entries(fields)
        .map(([field, value]) => `${field}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
        .join('; ');

async function* actionLines(filter: AdminActionsExportQuery): AsyncGenerator<string> {
  for await (const page of pagesOf(queryOf(filter))) {
    yield page
      .map((doc) => {
        const action = toAction(doc.id, doc.data());
        return csvLine([
          action.at,
          action.actor.name,
          action.actor.role,
          action.kind,
          action.target.label,
          action.target.id,
          described(action.before),
          described(action.after),
        ]);
      })
      .join('');
  }
}

/** GET /exports/admin-actions.csv: every entry the filters match, newest first. */
export async function sendAdminActionsCsv(res: Response, filter: AdminActionsExportQuery): Promise<void> {
  const range = filter.from || filter.to ? `-${filter.from ?? 'start'}-to-${filter.to ?? 'now'}` : '';
  await sendCsv(res, `activity${range}.csv`, adminActionsCsvHeader, actionLines(filter));
}
