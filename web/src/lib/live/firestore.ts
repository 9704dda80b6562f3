// Firestore for the live parts of the site (the dashboard's lists and the bell), on the one
// Firebase app of lib/firebase.ts. Only modules loaded with the dashboard or the bell import
// this, so public pages never carry the Firestore SDK.
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { getFirebaseApp } from '@/lib/firebase';
import { env } from '@/lib/env';

let firestore: Firestore | null = null;

export function getLiveFirestore(): Firestore {
  if (firestore) return firestore;
  firestore = getFirestore(getFirebaseApp());
  // Set at build time by our scripts to the emulator suite's Firestore (host:port).
  const emulatorHost = env.firestoreEmulatorHost;
  if (emulatorHost) {
    const separator = emulatorHost.lastIndexOf(':');
    connectFirestoreEmulator(firestore, emulatorHost.slice(0, separator), Number(emulatorHost.slice(separator + 1)));
  }
  return firestore;
}
