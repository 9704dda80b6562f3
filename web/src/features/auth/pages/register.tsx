import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { authErrorMessage, useSession } from '@/lib/auth';
import { showError } from '@/lib/dialogs';
import { AuthCard, useGoOnAfterSignIn } from '../components/auth-card';
import { passwordRule, registerSchema, type RegisterValues } from '../lib/auth-schemas';
import { showWelcome } from '../lib/welcome';

export function RegisterPage() {
  const { signUp } = useSession();
  const goOn = useGoOnAfterSignIn();
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
      goOn();
      void showWelcome(signedIn, 'register');
    } catch (error) {
      void showError(authErrorMessage(error));
    }
  });

  return (
    <AuthCard page="register" onSubmit={onSubmit} isSubmitting={isSubmitting}>
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
    </AuthCard>
  );
}
