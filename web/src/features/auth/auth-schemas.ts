import { z } from '@hostelhub/contracts';

// Sign-in and sign-up rules: every field required, with one message. Password length
// and email format are left to the identity platform, whose messages the error dialog shows.
export const requiredMessage = 'This field is required';
const text = z.string().trim().min(1, requiredMessage);

export const loginSchema = z.object({ email: text, password: z.string().min(1, requiredMessage) });
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z.object({ name: text, email: text, password: z.string().min(1, requiredMessage) });
export type RegisterValues = z.infer<typeof registerSchema>;
