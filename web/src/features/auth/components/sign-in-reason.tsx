import { loginReason } from '@/lib/auth';

/** Why the visitor was sent to sign in ("Sign in to request Pho Noodle Soup"), if an action sent them. */
export function SignInReason({ state }: { state: unknown }) {
  const reason = loginReason(state);
  if (!reason) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-orange-200 bg-orange-50 px-4 py-3 font-semibold text-stone-800"
      data-testid="sign-in-reason"
    >
      {reason}
    </p>
  );
}
