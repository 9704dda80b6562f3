import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { authErrorMessage, pathAfterLogin, useSession } from '@/lib/auth';
import { showError, showSuccess } from '@/lib/dialogs';
import { AuthCard, Field, fieldA11y } from './auth-card';
import { SocialLogin } from './social-login';

type RegisterFields = { name: string; email: string; password: string };

const required = { required: 'This field is required' };

export function RegisterPage() {
  const { user, loading, signUp } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFields>({ defaultValues: { name: '', email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    try {
      await signUp({ name: name.trim(), email: email.trim(), password });
      navigate(pathAfterLogin(location.state), { replace: true });
      void showSuccess('Account Created Successful');
    } catch (error) {
      void showError(authErrorMessage(error));
    }
  });

  if (user && !loading && !isSubmitting) return <Navigate to={pathAfterLogin(location.state)} replace />;

  return (
    <AuthCard title="Register" subtitle="Join HostelHub to request meals and share reviews.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="register-name" label="Name" error={errors.name?.message}>
          <input
            type="text"
            autoComplete="name"
            className="input"
            {...fieldA11y('register-name', errors.name?.message)}
            {...register('name', { validate: (value) => value.trim().length > 0 || 'This field is required' })}
          />
        </Field>
        <Field id="register-email" label="Email" error={errors.email?.message}>
          <input
            type="email"
            autoComplete="email"
            className="input"
            {...fieldA11y('register-email', errors.email?.message)}
            {...register('email', required)}
          />
        </Field>
        <Field id="register-password" label="Password" error={errors.password?.message}>
          <input
            type="password"
            autoComplete="new-password"
            className="input"
            {...fieldA11y('register-password', errors.password?.message)}
            {...register('password', required)}
          />
        </Field>
        <button type="submit" disabled={isSubmitting} className="btn-primary mt-2">
          {isSubmitting ? 'Creating your account…' : 'Register'}
        </button>
      </form>
      <div className="mt-6">
        <SocialLogin successTitle="Account Created Successful" />
      </div>
      <p className="mt-6 text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to="/login" state={location.state} className="font-semibold text-orange-700 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
