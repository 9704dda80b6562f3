import { z } from 'zod';

// The spec's sign-in and sign-up rules: every field required, one message. Password length
// and email format are left to the identity platform, whose messages the error dialog shows.
const required = 'This field is required';
const text = z.string().trim().min(1, required);

export const loginSchema = z.object({ email: text, password: z.string().min(1, required) });
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z.object({ name: text, email: text, password: z.string().min(1, required) });
export type RegisterValues = z.infer<typeof registerSchema>;

/** The email the "Forgot password?" link needs before it can send anything. */
export const emailRequired = required;
