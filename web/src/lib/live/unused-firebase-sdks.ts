// Stands in for the Firebase SDKs that reactfire imports but the site never uses (Realtime
// Database, Storage, Functions, Remote Config): web/vite.config.ts points those imports here,
// so the live chunk carries Firestore alone. A name reactfire starts importing and this file
// lacks fails the build; a call to any of these is a mistake and says so.
const unused = (name: string) => () => {
  throw new Error(`${name} is not part of this site's Firebase bundle (web/vite.config.ts)`);
};

// firebase/database
export const get = unused('Realtime Database');
export const off = unused('Realtime Database');
export const onChildAdded = unused('Realtime Database');
export const onChildChanged = unused('Realtime Database');
export const onChildMoved = unused('Realtime Database');
export const onChildRemoved = unused('Realtime Database');
export const onValue = unused('Realtime Database');
// firebase/functions
export const httpsCallable = unused('Cloud Functions');
// firebase/remote-config
export const ensureInitialized = unused('Remote Config');
export const getAll = unused('Remote Config');
export const getBoolean = unused('Remote Config');
export const getNumber = unused('Remote Config');
export const getString = unused('Remote Config');
export const getValue = unused('Remote Config');
// firebase/storage
export const getDownloadURL = unused('Cloud Storage');
export const ref = unused('Cloud Storage');
