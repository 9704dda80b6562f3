import { useRequireSignIn } from '@/hooks/use-require-sign-in';
import { reportActionError } from '@/lib/dialogs';
import { useLikeMeal } from './api/like-meal';

/** Like once: afterwards the button is disabled and shows the new count. */
export function LikeButton({
  mealId,
  title,
  likes,
  liked,
}: {
  mealId: string;
  title: string;
  likes: number;
  liked: boolean;
}) {
  const requireSignIn = useRequireSignIn();
  const like = useLikeMeal(mealId);
  const done = liked || like.isSuccess;

  const onClick = () => {
    const user = requireSignIn({ reason: `Sign in to like ${title}` });
    if (!user) return;
    like.mutate(undefined, { onError: reportActionError });
  };

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={done || like.isPending}
      aria-pressed={done}
      className="btn-secondary"
    >
      <span aria-hidden="true" className={done ? 'text-red-600' : 'text-stone-500'}>
        {done ? '♥' : '♡'}
      </span>
      {done ? 'Liked' : 'Like'}
      <span className="rounded-full bg-stone-100 px-2 text-sm" aria-label={`${likes} likes`}>
        {likes}
      </span>
    </button>
  );
}
