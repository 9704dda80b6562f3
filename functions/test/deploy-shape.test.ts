// The functions as a deploy creates them, read offline: the manifest the functions SDK writes
// for the Firebase CLI from the built bundle (functions/lib/index.js), against the table kept
// in functions/deploy-shape.json, and the secrets each function's code can read against those
// it declares (deployed, a function reads only those). docs/deploy.md, ADR 0046.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  readManifest,
  readShapeTable,
  secretReadsByFunction,
  shapeDifferences,
  shapeOf,
  undeclaredSecretReads,
  type Manifest,
  type ShapeTable,
} from '../../scripts/lib/functions-manifest.mjs';

let manifest: Manifest;
let table: ShapeTable;
beforeAll(() => {
  manifest = readManifest();
  table = readShapeTable();
});

describe('the functions manifest a deploy reads', () => {
  it('lists every function of the table, and each is what the table says', () => {
    expect(Object.keys(manifest.endpoints).sort()).toEqual(Object.keys(table.functions).sort());
    expect(shapeDifferences(manifest, table)).toEqual([]);
  });

  it('serves the public pages with the secret their cursors are signed with, and no other', () => {
    expect(shapeOf(manifest.endpoints.pages!)).toMatchObject({ trigger: 'https', secrets: ['JWT_SECRET'] });
    expect(shapeOf(manifest.endpoints.tidyMemberships!).trigger).toEqual({
      schedule: 'every day 03:00',
      timeZone: 'UTC',
    });
  });

  it('names a setting that differs from the table', () => {
    const changed = structuredClone(manifest);
    changed.endpoints.api!.maxInstances = 100;
    changed.endpoints.stripeWebhook!.secretEnvironmentVariables = [];
    delete changed.endpoints.countNoShows;
    expect(shapeDifferences(changed, table)).toEqual([
      'countNoShows: in functions/deploy-shape.json but not exported',
      'api.maxInstances: deployed 100, table 10',
      `stripeWebhook.secrets: deployed [], table ${JSON.stringify(table.functions.stripeWebhook!.secrets)}`,
    ]);
  });

  it("puts every function in the project's region from functions/.env.<project>", () => {
    const elsewhere = readManifest({ env: { HOSTEL_FUNCTIONS_REGION: 'europe-west1' } });
    expect(Object.values(elsewhere.endpoints).map((endpoint) => endpoint.region)).toEqual(
      Object.keys(elsewhere.endpoints).map(() => ['europe-west1']),
    );
    expect(shapeDifferences(elsewhere, table, 'europe-west1')).toEqual([]);
  });
});

describe('the secrets each function reads', () => {
  it('are all declared, or noted in the table as not read on its paths', () => {
    expect(undeclaredSecretReads(manifest, table)).toEqual([]);
  });

  it("finds the page cursors' signing key in what pages reaches, so dropping it is refused", () => {
    const reads = secretReadsByFunction();
    expect(reads.pages!.JWT_SECRET).toContain('functions/src/lib/api-token.ts');
    expect(reads.stripeWebhook!.STRIPE_WEBHOOK_SECRET).toContain('functions/src/lib/stripe-client.ts');
    // The schedules hold no secret; the settings module defining them is not a read.
    expect(reads.tidyMemberships).toEqual({});
    expect(reads.firestoreBackup).toEqual({});
    const withoutIt = structuredClone(manifest);
    withoutIt.endpoints.pages!.secretEnvironmentVariables = [];
    expect(undeclaredSecretReads(withoutIt, table)).toEqual([
      'pages can read JWT_SECRET (functions/src/lib/api-token.ts) but does not declare it',
    ]);
  });

  it('notes only secrets a function can reach and does not declare, each with its reason', () => {
    const reads = secretReadsByFunction();
    for (const [name, entry] of Object.entries(table.functions)) {
      for (const [secret, reason] of Object.entries(entry.notRead ?? {})) {
        expect(reads[name]?.[secret], `${name} notes ${secret}`).toBeDefined();
        expect(entry.secrets).not.toContain(secret);
        expect(reason.length).toBeGreaterThan(20);
      }
    }
  });
});
