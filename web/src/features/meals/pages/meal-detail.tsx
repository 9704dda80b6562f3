import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { MealPicture } from '@/components/meal-card';
import { StarRating } from '@/components/star-rating';
import { ApiRequestError } from '@/lib/api-client';
import { loginRedirectState, useSession } from '@/lib/auth';
import { formatCount, formatPrice, formatRating, formatRelativeTime } from '@/lib/format';
import { RequestQuotaNote } from '@/components/request-quota';
import { useDocumentTitle, useLinkPreview } from '@/lib/page-head';
import { paths } from '@/lib/paths';
import { MealAllergenDetails } from '@/components/meal-labels';
import { dietWarnings } from '@/lib/diet-warnings';
import { NotFoundMeal } from '../components/not-found-meal';
import { useMeal } from '../api/get-meal';
import { LikeMealButton } from '../components/like-meal-button';
import { RequestMealButton } from '../components/request-meal-button';
import { ReviewList } from '../components/review-list';
import { MealServings } from '../components/meal-servings';

// The review form brings react-hook-form and zod (about 38 KB gzip). It sits below the meal,
// so it loads after it: the meal itself shows without waiting for them.
const ReviewForm = lazy(() => import('../components/review-form').then((module) => ({ default: module.ReviewForm })));

/** The review form's place while it loads. */
function ReviewFormPlaceholder() {
  return <div aria-hidden="true" className="card min-h-72 rounded-2xl" />;
}

/**
 * A visitor's place for the review form: a way to sign in and come back, instead of a form
 * that would throw them to /login as soon as focus reached it.
 */
function SignInToReview({ title }: { title: string }) {
  const location = useLocation();
  return (
    <div className="card flex flex-col items-start gap-3 self-start rounded-2xl p-5" data-testid="sign-in-to-review">
      <h3 className="text-lg font-semibold text-stone-900">Write a review</h3>
      <p className="text-stone-600">Tell other guests what you thought of {title}.</p>
      <Link
        to={paths.login}
        state={loginRedirectState(location, { reason: `Sign in to review ${title}` })}
        className="btn-primary"
      >
        Sign in to write a review
      </Link>
    </div>
  );
}

/** The review form, asked for once the meal above it has painted, so its code never holds that up. */
function DeferredReviewForm({ mealId }: { mealId: string }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this commit has been drawn.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  if (!painted) return <ReviewFormPlaceholder />;
  return (
    <Suspense fallback={<ReviewFormPlaceholder />}>
      <ReviewForm mealId={mealId} />
    </Suspense>
  );
}

/**
 * The page's shape while the meal loads (and in the prerendered HTML): the picture and the
 * text beside it take their places at once, so nothing moves when the meal arrives.
 */
function MealDetailSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <span role="status" className="sr-only">
        Loading the meal
      </span>
      <div aria-hidden="true" className="grid animate-pulse gap-8 lg:grid-cols-2">
        <div className="aspect-[4/3] w-full rounded-2xl bg-stone-200" />
        <div className="flex flex-col gap-4">
          <div className="h-7 w-24 rounded-full bg-stone-200" />
          <div className="h-9 w-3/4 rounded bg-stone-200 sm:h-10" />
          <div className="h-6 w-1/2 rounded bg-stone-200" />
          <div className="h-6 w-40 rounded bg-stone-200" />
          <div className="h-8 w-24 rounded bg-stone-200" />
          <div className="h-18 w-full rounded bg-stone-200" />
        </div>
      </div>
    </div>
  );
}

export function MealDetailPage() {
  const { mealId = '' } = useParams();
  const meal = useMeal(mealId);
  const session = useSession();
  const missing = meal.error instanceof ApiRequestError && meal.error.status === 404;
  useDocumentTitle(missing ? 'Meal not found' : (meal.data?.title ?? null));
  useLinkPreview(meal.data ? { description: meal.data.description, image: meal.data.image } : null);

  if (meal.isPending) return <MealDetailSkeleton />;
  if (meal.isError) {
    if (missing) return <NotFoundMeal />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <ErrorState title="This meal could not be loaded" error={meal.error} onRetry={() => meal.refetch()} />
      </div>
    );
  }

  const data = meal.data;
  const warnings = dietWarnings(data, session.profile?.diet);
  const ingredients = data.ingredients
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <article className="grid gap-8 lg:grid-cols-2">
        <MealPicture
          meal={data}
          priority
          className="aspect-[4/3] w-full rounded-2xl bg-stone-100 object-cover shadow-sm"
        />
        <div className="flex flex-col gap-4">
          <span className="self-start rounded-full bg-orange-100 px-3 py-1 text-sm font-semibold text-orange-800">
            {data.category}
          </span>
          <h1 className="text-3xl font-extrabold text-stone-900 sm:text-4xl">{data.title}</h1>
          <p className="text-stone-600">
            By <span className="font-semibold text-stone-800">{data.distributorName}</span>
            {data.postTime && (
              <>
                {' · '}
                Posted <time dateTime={data.postTime}>{formatRelativeTime(data.postTime, meal.dataUpdatedAt)}</time>
              </>
            )}
          </p>
          {data.reviews_count > 0 ? (
            <div className="flex items-center gap-2">
              <StarRating value={data.rating} />
              <span className="font-semibold text-stone-800" data-testid="meal-rating">
                {formatRating(data.rating)}
              </span>
              <span className="text-sm text-stone-500">({formatCount(data.reviews_count, 'review')})</span>
            </div>
          ) : (
            <p className="text-sm text-stone-600" data-testid="meal-rating">
              No reviews yet
            </p>
          )}
          <p className="text-2xl font-bold text-orange-700">{formatPrice(data.price)}</p>
          <p className="text-stone-700">{data.description}</p>
          <div>
            <h2 className="mb-2 text-lg font-semibold text-stone-900">Ingredients</h2>
            <ul className="list-disc space-y-1 pl-5 text-stone-700">
              {ingredients.map((ingredient) => (
                <li key={ingredient}>{ingredient}</li>
              ))}
            </ul>
          </div>
          <MealAllergenDetails labels={data} />
          {warnings.length > 0 && (
            <div role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900">
              <p className="font-bold">
                <span aria-hidden="true">⚠️ </span>
                Check before you order
              </p>
              <ul className="mt-1 list-disc pl-5">
                {warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="mt-2 flex flex-wrap gap-3">
            <LikeMealButton mealId={data._id} title={data.title} likes={data.likes} liked={Boolean(data.liked)} />
            <RequestMealButton mealId={data._id} title={data.title} warnings={warnings} />
          </div>
          <RequestQuotaNote />
        </div>
      </article>

      <MealServings mealId={data._id} />

      <section aria-labelledby="reviews-heading" className="mt-12 grid gap-6 lg:grid-cols-[2fr_3fr]">
        {data.reviewed ? (
          // One review per person and meal: the API refuses a second one.
          <div className="self-start rounded-2xl border border-stone-200 bg-white p-5 text-stone-700">
            <h3 className="text-lg font-semibold text-stone-900">Thanks for your review</h3>
            <p className="mt-1">You have reviewed this meal. You can find your reviews in your dashboard.</p>
          </div>
        ) : !session.user && !session.loading ? (
          <SignInToReview title={data.title} />
        ) : (
          <DeferredReviewForm mealId={data._id} />
        )}
        <div>
          <h2 id="reviews-heading" className="mb-4 text-2xl font-bold text-stone-900">
            Reviews ({data.reviews_count})
          </h2>
          <ReviewList
            mealId={data._id}
            firstPage={data.reviews}
            nextCursor={data.reviewsNextCursor}
            now={meal.dataUpdatedAt}
          />
        </div>
      </section>
    </div>
  );
}
