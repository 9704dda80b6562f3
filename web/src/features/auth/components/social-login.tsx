import { useLocation, useNavigate } from 'react-router';
import { authErrorMessage, pathAfterLogin, stateAfterLogin, useSession, type SignedIn } from '@/lib/auth';
import { showError } from '@/lib/dialogs';
import { showWelcome } from '../lib/welcome';

type SocialLoginProps = {
  /** Which page it is on: /register says 'Account Created Successful' for a new account. */
  page: 'login' | 'register';
};

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3A12 12 0 1124 12c3 0 5.8 1.1 7.9 3l5.7-5.7A20 20 0 1044 24c0-1.2-.1-2.3-.4-3.5z"
      />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8A12 12 0 0124 12c3 0 5.8 1.1 7.9 3l5.7-5.7A20 20 0 006.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2A12 12 0 0112.7 28l-6.5 5A20 20 0 0024 44z" />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3a12 12 0 01-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5z"
      />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-[#1877F2]">
      <path d="M24 12a12 12 0 10-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0024 12z" />
    </svg>
  );
}

export function SocialLogin({ page }: SocialLoginProps) {
  const { logInWithGoogle, logInWithFacebook, loading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  const signInWith = async (provider: () => Promise<SignedIn>) => {
    try {
      const signedIn = await provider();
      navigate(pathAfterLogin(location.state), { replace: true, state: stateAfterLogin(location.state) });
      void showWelcome(signedIn, page);
    } catch (error) {
      void showError(authErrorMessage(error));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-sm text-stone-500">
        <span className="h-px flex-1 bg-stone-200" />
        or continue with
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <button type="button" className="btn-secondary" disabled={loading} onClick={() => signInWith(logInWithGoogle)}>
          <GoogleIcon /> Google
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={loading}
          onClick={() => signInWith(logInWithFacebook)}
        >
          <FacebookIcon /> Facebook
        </button>
      </div>
    </div>
  );
}
