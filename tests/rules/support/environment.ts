// The rules test environment: the rules under test loaded into the Firestore emulator for
// a project id of our own, the people who call Firestore, and seeding with rules disabled.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  assertSucceeds as assertAllowed,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { profileOf } from './documents.js';
import { people, type Actor } from './people.js';

// Denied requests are the point of these tests; the SDK would log each one as a warning.
setLogLevel('error');

/** The web SDK's Firestore (compat API), as a client holding it would use it. */
export type Firestore = ReturnType<RulesTestContext['firestore']>;

/** Not the app's project: clearing this database never touches the demo data. */
export const rulesProjectId = 'demo-hostel-rules';

const rulesPath = fileURLToPath(new URL('../../../firestore.rules', import.meta.url));

/** host:port of the Firestore emulator, set by `firebase emulators:exec`. */
export function firestoreEmulatorHost(): { host: string; port: number } {
  const address = process.env.FIRESTORE_EMULATOR_HOST;
  if (!address) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run the rules suite through `npm test`.');
  const separator = address.lastIndexOf(':');
  return { host: address.slice(0, separator), port: Number(address.slice(separator + 1)) };
}

/**
 * Loads firestore.rules into the emulator. The global setup does this once per run: loading
 * rules again would restart the emulator's coverage report.
 */
export async function loadRules(): Promise<void> {
  const env = await initializeTestEnvironment({
    projectId: rulesProjectId,
    firestore: { ...firestoreEmulatorHost(), rules: readFileSync(rulesPath, 'utf8') },
  });
  await env.cleanup();
}

/** A test file's environment, on the rules the global setup loaded. */
function startRulesEnvironment(): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({ projectId: rulesProjectId, firestore: firestoreEmulatorHost() });
}

/**
 * Each environment's clients, one per actor: a client is a Firebase app with a connection of
 * its own, and making one per test cost more than the test.
 */
const clients = new WeakMap<RulesTestEnvironment, Map<Actor, Firestore>>();

/** The Firestore a client holding the web SDK gets, signed in as `actor` (or not at all). */
export function firestoreAs(env: RulesTestEnvironment, actor: Actor): Firestore {
  let ofEnv = clients.get(env);
  if (!ofEnv) clients.set(env, (ofEnv = new Map()));
  const known = ofEnv.get(actor);
  if (known) return known;
  const person = actor === 'anonymous' ? null : people[actor];
  const client = person
    ? env.authenticatedContext(person.uid, { email: person.email, email_verified: true }).firestore()
    : env.unauthenticatedContext().firestore();
  ofEnv.set(actor, client);
  return client;
}

/**
 * Whether the database may differ from the seed the current test group wants. Most cases are
 * denials, which change nothing, so the database is reset only after something was written:
 * a seed inside a test, an allowed write, or a failed test (a write that should have been
 * denied may have gone through).
 */
let changed = true;
/** The seeds the database holds now (the file's, then each group's), when `changed` is false. */
let seeded: ReadonlyArray<Seed> = [];

type Seed = (db: Firestore) => Promise<unknown>;

async function writePastRules(env: RulesTestEnvironment, write: Seed): Promise<void> {
  await env.withSecurityRulesDisabled(async (context: RulesTestContext) => {
    await write(context.firestore());
  });
}

/** Writes documents as the API would, past the rules; the next test starts from a fresh seed. */
export async function seed(env: RulesTestEnvironment, write: Seed): Promise<void> {
  changed = true;
  await writePastRules(env, write);
}

/**
 * `assertSucceeds` for an operation that may write: the next test starts from a fresh seed.
 * Reads use assertReadSucceeds, which leaves the database as it is.
 */
export function assertSucceeds<T>(attempt: Promise<T>): Promise<T> {
  changed = true;
  return assertAllowed(attempt);
}

/**
 * `assertSucceeds` for a read: a document's get or a query (a write answers nothing, so the
 * types refuse one here).
 */
export function assertReadSucceeds<T extends { exists: boolean } | { size: number }>(attempt: Promise<T>): Promise<T> {
  return assertAllowed(attempt);
}

/** A clean database holding every person's profile (the role check reads it) and `more`. */
async function resetWithProfiles(env: RulesTestEnvironment, seeds: ReadonlyArray<Seed>): Promise<void> {
  await env.clearFirestore();
  await writePastRules(env, async (db) => {
    const batch = db.batch();
    for (const person of Object.values(people)) batch.set(db.doc(`users/${person.uid}`), profileOf(person));
    await batch.commit();
    for (const more of seeds) await more(db);
  });
}

const sameSeeds = (a: ReadonlyArray<Seed>, b: ReadonlyArray<Seed>) =>
  a.length === b.length && a.every((entry, index) => entry === b[index]);

export interface RulesEnvironment {
  readonly env: RulesTestEnvironment;
  /**
   * What the tests of the enclosing describe block find in the database besides the file's
   * seed. Written once for the group and again only after a test changed the database.
   */
  seedGroup(write: Seed): void;
}

/**
 * The environment of one test file, on the rules the global setup loaded: started before its
 * tests and cleaned up after them. Each test finds every person's profile plus what
 * `seedFile` and the enclosing groups' `seedGroup` write; the database is reset to that only
 * when it may differ (see `changed`). Read `rules.env` inside the tests.
 */
export function useRulesEnvironment(seedFile: Seed = async () => undefined): RulesEnvironment {
  let env: RulesTestEnvironment | undefined;
  const groups: Seed[] = [];
  beforeAll(async () => {
    env = await startRulesEnvironment();
    changed = true;
  });
  afterAll(async () => {
    await env?.cleanup();
  });
  beforeEach(async () => {
    const wanted = [seedFile, ...groups];
    if (!changed && sameSeeds(seeded, wanted)) return;
    await resetWithProfiles(rules.env, wanted);
    seeded = wanted;
    changed = false;
  });
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') changed = true;
  });
  const rules: RulesEnvironment = {
    get env(): RulesTestEnvironment {
      if (!env) throw new Error('The rules environment starts in beforeAll: use it inside a test or a hook.');
      return env;
    },
    seedGroup(write) {
      beforeAll(() => {
        groups.push(write);
      });
      afterAll(() => {
        groups.splice(groups.lastIndexOf(write), 1);
      });
    },
  };
  return rules;
}
