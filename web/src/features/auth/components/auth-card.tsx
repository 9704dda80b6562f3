import type { FormEventHandler, ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { pathAfterLogin, stateAfterLogin, useSession } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/page-head';
import { paths } from '@/lib/paths';
import { SignInReason } from './sign-in-reason';
import { SocialLogin } from './social-login';

/**
 * Each page's words: its title, the submit button (and what it says while the form is sent),
 * and the line under the card that leads to the other page.
 */
const pageWords = {
  login: {
    title: 'Login',
    subtitle: 'Welcome back! Sign in to request, like and review meals.',
    submit: 'Login',
    busy: 'Logging in…',
    other: { prompt: 'New to HostelHub?', to: paths.register, label: 'Create an account' },
  },
  register: {
    title: 'Register',
    subtitle: 'Join HostelHub to request meals and share reviews.',
    submit: 'Register',
    busy: 'Creating your account…',
    other: { prompt: 'Already have an account?', to: paths.login, label: 'Login' },
  },
};

type AuthCardProps = {
  page: keyof typeof pageWords;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  /** The form's fields. */
  children: ReactNode;
};

/**
 * The login and register pages' card: why the reader was asked to sign in, the form, the
 * social sign-in and the way to the other page. A reader already signed in (and not in the
 * middle of signing in) goes on to where the sign-in would have taken them.
 */
export function AuthCard({ page, onSubmit, isSubmitting, children }: AuthCardProps) {
  const { title, subtitle, submit, busy, other } = pageWords[page];
  const { user, loading } = useSession();
  const location = useLocation();
  useDocumentTitle(title);
  if (user && !loading && !isSubmitting)
    return <Navigate to={pathAfterLogin(location.state)} state={stateAfterLogin(location.state)} replace />;
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <div className="card rounded-2xl p-6 sm:p-8">
        <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
        <p className="mt-1 mb-6 text-stone-600">{subtitle}</p>
        <SignInReason state={location.state} />
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {children}
          <button type="submit" disabled={isSubmitting} className="btn-primary mt-2">
            {isSubmitting ? busy : submit}
          </button>
        </form>
        <div className="mt-6">
          <SocialLogin page={page} />
        </div>
        <p className="mt-6 text-center text-sm text-stone-600">
          {other.prompt}{' '}
          <Link to={other.to} state={location.state} className="font-semibold text-orange-700 hover:underline">
            {other.label}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** Takes a reader who has just signed in to where the sign-in was asked for (or home). */
export function useGoOnAfterSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => navigate(pathAfterLogin(location.state), { replace: true, state: stateAfterLogin(location.state) });
}
