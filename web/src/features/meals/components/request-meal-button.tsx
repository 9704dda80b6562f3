import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useRequireSignIn } from '@/hooks/use-require-sign-in';
import { ApiRequestError } from '@/lib/api-client';
import { stateAfterLogin, useSession } from '@/lib/auth';
import { confirmDespiteWarnings } from '@/lib/diet-warnings';
import { reportActionError, showSuccess } from '@/lib/dialogs';
import { plansRedirectState } from '@/lib/plans-redirect';
import { paths } from '@/lib/paths';
import { useRequestMeal } from '../api/request-meal';

/**
 * Request Meal. Once requested (now, or earlier: the API answers 208), the button gives way
 * to where the request can be followed, so a second press never meets an error.
 */
export function RequestMealButton({
  mealId,
  title,
  warnings = [],
}: {
  mealId: string;
  title: string;
  /** What the reader's diet profile says of this meal: requesting asks to confirm them. */
  warnings?: string[];
}) {
  const requireSignIn = useRequireSignIn();
  // Until the stored sign-in is known, a press would send a signed-in member to /login.
  const { loading: sessionLoading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const request = useRequestMeal(mealId);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Back from signing in to request this meal: offer the request again, where focus is.
  const resumed = stateAfterLogin(location.state)?.resume === 'request-meal';
  useEffect(() => {
    if (resumed) button.current?.focus();
  }, [resumed]);

  const onClick = async () => {
    const user = requireSignIn({ reason: `Sign in to request ${title}`, resume: 'request-meal' });
    if (!user) return;
    if (!(await confirmDespiteWarnings(warnings))) return;
    request.mutate(undefined, {
      onSuccess: ({ status }) => {
        setRequested(true);
        if (status !== 208) void showSuccess('Meal Requested Successfully', undefined, 1500);
      },
      onError: (error) => {
        // Requests need a membership: show the packages, saying why, instead of an error.
        if (error instanceof ApiRequestError && error.status === 402) {
          navigate(paths.home, { state: plansRedirectState({ path: paths.meal(mealId), title }) });
          return;
        }
        reportActionError(error);
      },
    });
  };

  if (requested) {
    return (
      <div role="status" className="flex flex-col gap-1" data-testid="meal-requested">
        <p className="font-semibold text-green-800">
          <span aria-hidden="true">✓ </span>
          Requested ·{' '}
          <Link to={paths.dashboard.requestedMeals} className="text-orange-700 underline">
            see My requests
          </Link>
        </p>
        <p className="text-sm text-stone-600">
          The kitchen has your request. It shows as pending in My requests until it is served.
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <button
        ref={button}
        type="button"
        onClick={() => void onClick()}
        disabled={request.isPending || sessionLoading}
        className="btn-primary"
      >
        {request.isPending ? 'Requesting…' : 'Request Meal'}
      </button>
      {resumed && <p className="text-sm text-stone-600">You are signed in: press Request Meal to send it.</p>}
    </div>
  );
}
