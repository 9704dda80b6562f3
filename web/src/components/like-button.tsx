import { formatCount } from '@/lib/format';

/**
 * The one Like button (a meal's page, the upcoming meals' cards): a heart, "Like" or "Liked",
 * and the count. Liking is once only, so a liked button is disabled. In a list of meals
 * (`mealTitle` given) each button names its meal ("Like Waffle Bar") and the count stands
 * beside it, so the button's name is what it says (WCAG 2.5.3); alone on a meal's page the
 * count is inside the button.
 */
export function LikeButton({
  liked,
  busy,
  likes,
  onLike,
  mealTitle,
}: {
  liked: boolean;
  busy: boolean;
  likes: number;
  onLike: () => void;
  mealTitle?: string;
}) {
  const label = liked ? 'Liked' : 'Like';
  const button = (
    <button
      type="button"
      onClick={onLike}
      disabled={liked || busy}
      aria-pressed={liked}
      aria-label={mealTitle ? `${label} ${mealTitle}` : undefined}
      className="btn-secondary"
    >
      <span aria-hidden="true" className={liked ? 'text-red-600' : 'text-stone-500'}>
        {liked ? '♥' : '♡'}
      </span>
      {label}
      {!mealTitle && (
        <span className="rounded-full bg-stone-100 px-2 text-sm" aria-label={`${likes} likes`}>
          {likes}
        </span>
      )}
    </button>
  );
  if (!mealTitle) return button;
  return (
    <>
      {button}
      <span className="rounded-full bg-stone-100 px-2 text-sm text-stone-700" data-testid="like-count">
        {formatCount(likes, 'like')}
      </span>
    </>
  );
}
