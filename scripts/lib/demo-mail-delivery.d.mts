// Types of demo-mail-delivery.mjs for the TypeScript suites (e2e).
import type { Firestore } from 'firebase-admin/firestore';

export declare function deliverMailCollection(options: {
  db: Firestore;
  smtp: { host: string; port: number };
  from: string;
  log?: Pick<Console, 'error'>;
}): () => void;
