import { mealFeedbackWeeks, type MealFeedback } from '@hostelhub/contracts';
import { formatRating } from '@/lib/format';

/**
 * "★ 3.8 (12 ratings) · 85% reserved" over the last four weeks: what to keep and what to drop
 * while planning. Nothing when the meal was not served in that time.
 */
export function MealFeedbackNote({ feedback }: { feedback: MealFeedback | undefined }) {
  if (!feedback) return null;
  const parts = [
    feedback.average === null
      ? 'no ratings yet'
      : `★ ${formatRating(feedback.average)} (${feedback.ratings} rating${feedback.ratings === 1 ? '' : 's'})`,
    feedback.reservationRate === null
      ? `${feedback.reserved} reserved in ${feedback.servings} serving${feedback.servings === 1 ? '' : 's'}`
      : `${Math.round(feedback.reservationRate * 100)}% of places reserved`,
  ];
  return (
    <p className="text-xs text-stone-600" title={`Last ${mealFeedbackWeeks} weeks`}>
      <span className="sr-only">Last {mealFeedbackWeeks} weeks: </span>
      {parts.join(' · ')}
    </p>
  );
}
