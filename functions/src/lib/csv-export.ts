// A CSV download of a query's documents (ADR 0036): rows are read a page at a time and written
// to the response as each page arrives, so a year of rows never sits in memory; every cell goes
// through the contracts' csvLine, the one CSV writer, which neutralises formulas. The accounts'
// exports and the audit log's use it.
import type { Response } from 'express';
import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { csvLine } from '@hostelhub/contracts';

/** Rows read and written per page. */
export const exportPageSize = 500;

/** The documents of an ordered query, a page at a time. */
export async function* pagesOf<T>(query: Query<T>): AsyncGenerator<QueryDocumentSnapshot<T>[]> {
  let last: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const page = await (last ? query.startAfter(last) : query).limit(exportPageSize).get();
    if (page.size > 0) yield page.docs;
    if (page.size < exportPageSize) return;
    last = page.docs[page.docs.length - 1];
  }
}

/**
 * Answers text/csv as a download. The first page is read before anything is sent, so a
 * failure there is still a JSON error; after that a failure cuts the download short (the
 * browser reports it failed) rather than handing over a file that looks whole.
 */
export async function sendCsv(
  res: Response,
  filename: string,
  header: readonly string[],
  pages: AsyncGenerator<string>,
) {
  const first = await pages.next();
  res.status(200);
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.set('Content-Disposition', `attachment; filename="${filename}"`);
  res.write(csvLine(header));
  try {
    if (!first.done) res.write(first.value);
    for await (const lines of pages) res.write(lines);
    res.end();
  } catch (error) {
    logger.error('A CSV export failed part way', { filename, error });
    res.destroy(error as Error);
  }
}
