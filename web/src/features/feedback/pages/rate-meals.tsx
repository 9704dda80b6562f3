import { ListStates } from '@/components/list-states';
import { PageTitle } from '@/components/page-title';
import { showSuccess } from '@/lib/dialogs';
import { hostelToday } from '@/lib/serving-format';
import { useDueRatings } from '../api/ratings';
import { RatingPrompt } from '../components/rating-prompt';

/** Every serving the member was served at and may still rate (48 hours after it ends), latest first. */
export function RateMealsPage() {
  const due = useDueRatings();
  const items = due.data?.items ?? [];
  return (
    <section>
      <PageTitle>Rate your meals</PageTitle>
      <ListStates
        query={due}
        isEmpty={items.length === 0}
        emptyMessage="Nothing to rate right now: once you are served, you can rate the meal here for 48 hours after it ends."
      >
        <div className="space-y-4">
          {items.map((item) => (
            <RatingPrompt
              key={item.servingId}
              due={item}
              today={hostelToday(due.data!.timeZone)}
              onSaved={() => void showSuccess('Thank you', 'Your rating is saved.', 1500)}
            />
          ))}
        </div>
      </ListStates>
    </section>
  );
}
