// The session: who is signed in, their API token and profile, and the sign-in actions.
export { SessionProvider } from './session-provider';
export { SessionContext, useSession } from './session-context';
export type { Session, SessionUser, SignedIn, SignUpInput } from './session-context';
export { authErrorMessage } from './auth-errors';
export { loginReason, loginRedirectState, pathAfterLogin, stateAfterLogin } from './redirect';
export type { ResumeAction } from './redirect';
