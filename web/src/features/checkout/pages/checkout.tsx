import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { loginRedirectState, useSession } from '@/lib/auth';
import { wantedMealOf } from '@/lib/plans-redirect';
import { paths } from '@/lib/paths';
import { CheckoutView } from '../components/checkout-view';

/** /checkout/:packageId: the signed-in user's name and email come from their account. */
export function CheckoutPage() {
  const { packageId = '' } = useParams();
  const { user, profile, refreshProfile, sendEmailVerification, checkEmailVerified } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);
  // The meal a non-member wanted when the plans were shown to them (lib/plans-redirect.ts).
  const wanted = wantedMealOf(location.state);

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
    <>
      {paid && wanted && (
        <div role="status" className="mx-auto mt-6 max-w-5xl px-4" data-testid="back-to-wanted-meal">
          <p className="rounded-xl border border-green-300 bg-green-50 p-4 text-stone-800">
            You are a member now.{' '}
            <Link to={wanted.path} className="font-semibold text-orange-700 underline">
              Back to {wanted.title}
            </Link>
          </p>
        </div>
      )}
      <CheckoutView
        packageId={packageId}
        account={account}
        emailVerification={emailVerification}
        membership={profile?.membership ?? null}
        onSignInRequired={() => navigate(paths.login, { state: loginRedirectState(location) })}
        onPaid={async () => {
          // Badge, membership, payment history and the "purchased" buttons all changed.
          await Promise.all([refreshProfile(), queryClient.invalidateQueries()]);
          setPaid(true);
        }}
      />
    </>
  );
}
