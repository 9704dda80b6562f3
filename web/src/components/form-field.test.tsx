import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { z } from '@hostelhub/contracts';
import { FormField } from './form-field';

const schema = z.object({ email: z.string().trim().min(1, 'This field is required') });

function EmailForm({ onSubmit }: { onSubmit: (values: z.infer<typeof schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { email: '' }, resolver: zodResolver(schema) });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <input {...field} type="email" className="input" {...register('email')} />}
      </FormField>
      <button type="submit">Send</button>
    </form>
  );
}

test('a field is labelled, and its error is announced with it', async () => {
  const onSubmit = vi.fn();
  render(<EmailForm onSubmit={onSubmit} />);
  const email = screen.getByLabelText('Email');
  expect(email).not.toHaveAttribute('aria-invalid');
  expect(email).not.toHaveAttribute('aria-describedby');

  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('This field is required')).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('This field is required');
  expect(onSubmit).not.toHaveBeenCalled();

  await userEvent.type(email, ' ada@hostelhub.test ');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@hostelhub.test' }, expect.anything());
  expect(email).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
});

test('a hidden label still names the field, and an action sits beside the label', () => {
  render(
    <>
      <FormField label="Your review" hideLabel>
        {(field) => <textarea {...field} placeholder="Write your review here..." />}
      </FormField>
      <FormField label="Password" action={<button type="button">Forgot password?</button>}>
        {(field) => <input {...field} type="password" />}
      </FormField>
    </>,
  );
  expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveAttribute(
    'placeholder',
    'Write your review here...',
  );
  expect(screen.getByText('Your review')).toHaveClass('sr-only');
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
});
