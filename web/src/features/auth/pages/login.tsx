import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/form-field';
import { authErrorMessage, useSession } from '@/lib/auth';
import { confirmAction, showError, showSuccess } from '@/lib/dialogs';
import { AuthCard, useGoOnAfterSignIn } from '../components/auth-card';
import { loginSchema, requiredMessage, type LoginValues } from '../lib/auth-schemas';

export function LoginPage() {
  const { logIn, sendPasswordReset } = useSession();
  const goOn = useGoOnAfterSignIn();
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
      goOn();
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

  return (
    <AuthCard page="login" onSubmit={onSubmit} isSubmitting={isSubmitting}>
      <InputField
        id="login-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...register('email')}
      />
      <InputField
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
        type="password"
        autoComplete="current-password"
        {...register('password')}
      />
    </AuthCard>
  );
}
