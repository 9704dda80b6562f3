import { createContext } from 'react';

/**
 * Whether live data (Firestore listeners) may start. On by default; the component tests turn
 * it off (testing/render.tsx), so pages there run on the API alone and never reach for the
 * network outside msw.
 */
export const LiveDataSwitch = createContext(true);
