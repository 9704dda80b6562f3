// The rules test environment: the rules under test loaded into the Firestore emulator for
// a project id of our own, the people who call Firestore, and seeding with rules disabled.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
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

/** The Firestore a client holding the web SDK gets, signed in as `actor` (or not at all). */
export function firestoreAs(env: RulesTestEnvironment, actor: Actor): Firestore {
  if (actor === 'anonymous') return env.unauthenticatedContext().firestore();
  const person = people[actor];
  return env.authenticatedContext(person.uid, { email: person.email, email_verified: true }).firestore();
}

/** Writes documents as the API would, past the rules. */
export async function seed(env: RulesTestEnvironment, write: (db: Firestore) => Promise<unknown>): Promise<void> {
  await env.withSecurityRulesDisabled(async (context: RulesTestContext) => {
    await write(context.firestore());
  });
}

/** A clean database holding every person's profile (the role check reads it) and `more`. */
export async function resetWithProfiles(
  env: RulesTestEnvironment,
  more: (db: Firestore) => Promise<unknown> = async () => undefined,
): Promise<void> {
  await env.clearFirestore();
  await seed(env, async (db) => {
    const batch = db.batch();
    for (const person of Object.values(people)) batch.set(db.doc(`users/${person.uid}`), profileOf(person));
    await batch.commit();
    await more(db);
  });
}

/**
 * The environment of one test file, on the rules the global setup loaded: started before its
 * tests and cleaned up after them. Before each test the database is reset to every person's
 * profile plus what `seedEach` writes; `seedEach: false` leaves resetting to the file (its
 * cases seed differently). Read `rules.env` inside the tests.
 */
export function useRulesEnvironment(seedEach: ((db: Firestore) => Promise<unknown>) | false = async () => undefined): {
  readonly env: RulesTestEnvironment;
} {
  let env: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    env = await startRulesEnvironment();
  });
  afterAll(async () => {
    await env?.cleanup();
  });
  const rules = {
    get env(): RulesTestEnvironment {
      if (!env) throw new Error('The rules environment starts in beforeAll: use it inside a test or a hook.');
      return env;
    },
  };
  if (seedEach) beforeEach(() => resetWithProfiles(rules.env, seedEach));
  return rules;
}
