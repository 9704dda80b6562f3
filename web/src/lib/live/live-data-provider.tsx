import { useContext, useState, type ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import { getFirebaseApp, getFirebaseAuth } from '@/lib/firebase';
import { getLiveFirestore } from './firestore';
import { LiveDataSwitch } from './live-switch';

/**
 * reactfire's app, Auth and Firestore providers around the live parts of the site, on the
 * Firebase app and Auth the session already uses (the listeners read as the signed-in user).
 * Loaded only with the dashboard and the bell (ADR 16).
 */
export function LiveDataProvider({ children }: { children: ReactNode }) {
  const enabled = useContext(LiveDataSwitch);
  if (!enabled) return <>{children}</>;
  return <LiveFirebase>{children}</LiveFirebase>;
}

function LiveFirebase({ children }: { children: ReactNode }) {
  const [sdks] = useState(() => ({ app: getFirebaseApp(), auth: getFirebaseAuth(), firestore: getLiveFirestore() }));
  return (
    <FirebaseAppProvider firebaseApp={sdks.app}>
      <AuthProvider sdk={sdks.auth}>
        <FirestoreProvider sdk={sdks.firestore}>{children}</FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
