import { LikeButton } from '@/components/like-button';
import { useRequireSignIn } from '@/hooks/use-require-sign-in';
import { reportActionError } from '@/lib/dialogs';
import { useLikeMeal } from '../api/like-meal';

/** Like this meal once: asks a visitor to sign in first; the count is the meal's as loaded. */
export function LikeMealButton({
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

  return <LikeButton liked={done} busy={like.isPending} likes={likes} onLike={onClick} />;
}
