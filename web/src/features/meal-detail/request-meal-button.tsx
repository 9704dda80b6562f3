import { useNavigate } from 'react-router';
import { useRequireSignIn } from '@/hooks/use-require-sign-in';
import { ApiRequestError } from '@/lib/api-client';
import { reportActionError, showError, showSuccess } from '@/lib/dialogs';
import { useRequestMeal } from './api/request-meal';

export function RequestMealButton({ mealId }: { mealId: string }) {
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();
  const request = useRequestMeal(mealId);

  const onClick = () => {
    const user = requireSignIn();
    if (!user) return;
    request.mutate(user.email, {
      onSuccess: ({ status, data }) => {
        if (status === 208) void showError(data?.message ?? 'You have already requested this meal');
        else void showSuccess('Meal Requested Successfully', undefined, 1500);
      },
      onError: (error) => {
        // Requests need a membership: show the packages instead of an error.
        if (error instanceof ApiRequestError && error.status === 402) {
          navigate('/', { state: { scrollTo: 'membership' } });
          return;
        }
        reportActionError(error);
      },
    });
  };

  return (
    <button type="button" onClick={onClick} disabled={request.isPending} className="btn-primary">
      {request.isPending ? 'Requesting…' : 'Request Meal'}
    </button>
  );
}
