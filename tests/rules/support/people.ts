// The people who call Firestore in the rules tests.

export type Badge = 'Bronze' | 'Silver' | 'Gold' | 'Platinum';

export interface Person {
  uid: string;
  name: string;
  email: string;
  role: 'student' | 'staff' | 'admin';
  badge: Badge;
  membership: string | null;
}

/**
 * Everybody who appears in the tests. `owner` is the person a test's document belongs to;
 * `otherStudent` owns a document of the same kind, to show that owning one of them gives no
 * access to somebody else's.
 */
export const people = {
  student: {
    uid: 'student-bronze',
    name: 'Sam Bronze',
    email: 'sam@rules.test',
    role: 'student',
    badge: 'Bronze',
    membership: null,
  },
  member: {
    uid: 'member-gold',
    name: 'Mia Gold',
    email: 'mia@rules.test',
    role: 'student',
    badge: 'Gold',
    membership: 'gold',
  },
  owner: {
    uid: 'owner',
    name: 'Olly Owner',
    email: 'olly@rules.test',
    role: 'student',
    badge: 'Gold',
    membership: 'gold',
  },
  otherStudent: {
    uid: 'other-student',
    name: 'Otto Other',
    email: 'otto@rules.test',
    role: 'student',
    badge: 'Bronze',
    membership: null,
  },
  // Kitchen staff: the counter, the kitchen view and Serve Meals, nothing else of the admin's.
  staff: {
    uid: 'staff',
    name: 'Stef Staff',
    email: 'stef@rules.test',
    role: 'staff',
    badge: 'Bronze',
    membership: null,
  },
  admin: { uid: 'admin', name: 'Ada Admin', email: 'ada@rules.test', role: 'admin', badge: 'Bronze', membership: null },
} satisfies Record<string, Person>;

export type Actor = 'anonymous' | keyof typeof people;
export const actors: Actor[] = ['anonymous', 'student', 'member', 'owner', 'otherStudent', 'staff', 'admin'];

/** Someone without an account, for the documents an anonymous client tries to write. */
const nobody: Person = {
  uid: 'nobody',
  name: 'Nobody',
  email: 'nobody@rules.test',
  role: 'student',
  badge: 'Bronze',
  membership: null,
};

export function personFor(actor: Actor): Person {
  return actor === 'anonymous' ? nobody : people[actor];
}
