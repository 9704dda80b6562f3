// A resident's rights (ADR 75): GET /user/export, the caller's data as one file, and
// DELETE /user, closing the account with a fresh sign-in's ID token.
import { routes } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';

/** The caller's data file, as the API wrote it. */
export const getMyData = () => fetchEndpoint(routes.myData);

/** Closes the caller's account; `idToken` proves a sign-in of the last few minutes. */
export const closeAccount = (idToken: string) => fetchEndpoint(routes.closeAccount, { body: { idToken } });
