import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { loginRedirectState, useSession } from '@/lib/auth';
import { CheckoutView } from './components/checkout-view';

/** /checkout/:packageId: the signed-in user's name and email come from their account. */
export function CheckoutPage() {
  const { packageId = '' } = useParams();
  const { user, profile, refreshProfile, sendEmailVerification, checkEmailVerified } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const account = user
    ? {
        uid: user.uid,
        name: user.displayName || profile?.name || '',
        email: user.email || profile?.email || '',
        emailVerified: user.emailVerified,
      }
    : null;
  // Stable across renders, so the panel checks once on arrival, not on every render.
  const emailVerification = useMemo(
    () => ({ send: sendEmailVerification, check: checkEmailVerified }),
    [sendEmailVerification, checkEmailVerified],
  );

  return (
    <CheckoutView
      packageId={packageId}
      account={account}
      emailVerification={emailVerification}
      onSignInRequired={() => navigate('/login', { state: loginRedirectState(location) })}
      onPaid={async () => {
        // Badge, membership, payment history and the "purchased" buttons all changed.
        await Promise.all([refreshProfile(), queryClient.invalidateQueries()]);
      }}
    />
  );
}
