import { z } from '@hostelhub/contracts';

// Sign-in and sign-up rules: every field required, with one message. Signing up also checks
// the email's format and the identity platform's 6-character password rule before calling
// it, so the form names the field instead of an error dialog doing it afterwards.
export const requiredMessage = 'This field is required';
const text = z.string().trim().min(1, requiredMessage);

export const loginSchema = z.object({ email: text, password: z.string().min(1, requiredMessage) });
export type LoginValues = z.infer<typeof loginSchema>;

export const passwordMinLength = 6;
export const passwordRule = `At least ${passwordMinLength} characters`;

export const registerSchema = z.object({
  name: text,
  email: text.pipe(z.email('Enter an email address such as name@example.com')),
  password: z
    .string()
    .min(1, requiredMessage)
    .min(passwordMinLength, `The password needs at least ${passwordMinLength} characters`),
});
export type RegisterValues = z.infer<typeof registerSchema>;
