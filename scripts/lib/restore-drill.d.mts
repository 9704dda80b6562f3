/** Document path → its fields, as the Firestore REST API writes typed values. */
export type Documents = Map<string, Record<string, unknown>>;
export type EmulatorDatabase = { host: string; projectId: string };

export function readEveryDocument(where: EmulatorDatabase): Promise<Documents>;
export function countByCollection(documents: Documents): Map<string, number>;
export function countByShape(documents: Documents): Record<string, number>;
export function exportDatabase(options: EmulatorDatabase & { directory: string; name: string }): Promise<string>;
export function wipeDatabase(where: EmulatorDatabase): Promise<void>;
export function importExport(options: EmulatorDatabase & { metadataFile: string }): Promise<void>;
export function restoreDifferences(before: Documents, after: Documents): string[];
export function runRestoreDrill(options: EmulatorDatabase & { directory: string }): Promise<{
  before: Documents;
  after: Documents;
  leftAfterWipe: number;
  differences: string[];
  seconds: Record<string, number>;
}>;
