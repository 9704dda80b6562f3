/**
 * Where a live list stands:
 * - `off`: no live data here (signed out, or no Firestore provider above): the API's data only;
 * - `connecting`: the listener is starting;
 * - `live`: in step with the server;
 * - `paused`: the listener failed or the connection dropped; the rows last seen stay shown
 *   and the listener catches up by itself when the connection is back.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'paused';
