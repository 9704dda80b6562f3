import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { authErrorMessage, pathAfterLogin, stateAfterLogin, useSession } from '@/lib/auth';
import { showError } from '@/lib/dialogs';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { passwordRule, registerSchema, type RegisterValues } from '../lib/auth-schemas';
import { SignInReason } from '../components/sign-in-reason';
import { SocialLogin } from '../components/social-login';
import { showWelcome } from '../lib/welcome';

export function RegisterPage() {
  const { user, loading, signUp } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    defaultValues: { name: '', email: '', password: '' },
    resolver: zodResolver(registerSchema),
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    try {
      const signedIn = await signUp({ name, email, password });
      navigate(pathAfterLogin(location.state), { replace: true, state: stateAfterLogin(location.state) });
      void showWelcome(signedIn, 'register');
    } catch (error) {
      void showError(authErrorMessage(error));
    }
  });

  if (user && !loading && !isSubmitting)
    return <Navigate to={pathAfterLogin(location.state)} state={stateAfterLogin(location.state)} replace />;

  return (
    <AuthCard title="Register" subtitle="Join HostelHub to request meals and share reviews.">
      <SignInReason state={location.state} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Name" error={errors.name?.message}>
          {(field) => <input {...field} type="text" autoComplete="name" className="input" {...register('name')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <input {...field} type="email" autoComplete="email" className="input" {...register('email')} />}
        </FormField>
        <FormField label="Password" hint={passwordRule} error={errors.password?.message}>
          {(field) => (
            <input {...field} type="password" autoComplete="new-password" className="input" {...register('password')} />
          )}
        </FormField>
        <button type="submit" disabled={isSubmitting} className="btn-primary mt-2">
          {isSubmitting ? 'Creating your account…' : 'Register'}
        </button>
      </form>
      <div className="mt-6">
        <SocialLogin page="register" />
      </div>
      <p className="mt-6 text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to={paths.login} state={location.state} className="font-semibold text-orange-700 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
