import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { authErrorMessage, pathAfterLogin, stateAfterLogin, useSession } from '@/lib/auth';
import { confirmAction, showError, showSuccess } from '@/lib/dialogs';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { loginSchema, requiredMessage, type LoginValues } from '../lib/auth-schemas';
import { SignInReason } from '../components/sign-in-reason';
import { SocialLogin } from '../components/social-login';

export function LoginPage() {
  const { user, loading, logIn, sendPasswordReset } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' }, resolver: zodResolver(loginSchema) });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await logIn(email, password);
      navigate(pathAfterLogin(location.state), { replace: true, state: stateAfterLogin(location.state) });
      void showSuccess('Welcome back', 'You login successfully');
    } catch (error) {
      void showError(authErrorMessage(error));
    }
  });

  const onForgotPassword = async () => {
    const email = getValues('email').trim();
    if (!email) {
      setError('email', { message: requiredMessage });
      setFocus('email');
      return;
    }
    const confirmed = await confirmAction(
      'Reset your password?',
      `We will email a password reset link to ${email}.`,
      'Send reset link',
    );
    if (!confirmed) return;
    try {
      await sendPasswordReset(email);
      void showSuccess('Check your email', `If an account uses ${email}, a password reset link is on its way.`);
    } catch (error) {
      void showError(authErrorMessage(error));
    }
  };

  // Already signed in (and not in the middle of signing in): nothing to do here.
  if (user && !loading && !isSubmitting)
    return <Navigate to={pathAfterLogin(location.state)} state={stateAfterLogin(location.state)} replace />;

  return (
    <AuthCard title="Login" subtitle="Welcome back! Sign in to request, like and review meals.">
      <SignInReason state={location.state} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          {(field) => <input {...field} type="email" autoComplete="email" className="input" {...register('email')} />}
        </FormField>
        <FormField
          id="login-password"
          label="Password"
          error={errors.password?.message}
          action={
            <button
              type="button"
              onClick={onForgotPassword}
              className="rounded text-sm font-medium text-orange-700 hover:underline"
            >
              Forgot password?
            </button>
          }
        >
          {(field) => (
            <input
              {...field}
              type="password"
              autoComplete="current-password"
              className="input"
              {...register('password')}
            />
          )}
        </FormField>
        <button type="submit" disabled={isSubmitting} className="btn-primary mt-2">
          {isSubmitting ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <div className="mt-6">
        <SocialLogin page="login" />
      </div>
      <p className="mt-6 text-center text-sm text-stone-600">
        New to HostelHub?{' '}
        <Link to={paths.register} state={location.state} className="font-semibold text-orange-700 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
