import { useState } from 'react';
import { hostelToday } from '@/lib/serving-format';
import { useDueRatings } from '../api/ratings';
import { RatingPrompt } from './rating-prompt';

/** Servings whose prompt the member put away or answered here: asked once, then left alone. */
const storageKey = 'hostelhub.rating-prompts-done';

function readDone(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function remember(servingId: string) {
  try {
    // The last few are enough: a serving may be rated for 48 hours only.
    window.localStorage.setItem(storageKey, JSON.stringify([...readDone(), servingId].slice(-20)));
  } catch {
    // Storage refused (private mode): the prompt may ask again on the next visit.
  }
}

/**
 * "How was lunch today?" on the member's next visit to the dashboard after being served: the
 * latest serving they have not rated yet, asked once (Not now, or a rating, puts it away).
 */
export function RatingNudge() {
  const due = useDueRatings();
  const [done, setDone] = useState<string[]>(() => (typeof window === 'undefined' ? [] : readDone()));
  const [thanked, setThanked] = useState(false);
  if (thanked) {
    return (
      <p role="status" className="mb-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
        Thank you: the kitchen reads every rating.
      </p>
    );
  }
  if (!due.data) return null;
  const next = due.data.items.find((item) => item.rating === null && !done.includes(item.servingId));
  if (!next) return null;
  const putAway = () => {
    remember(next.servingId);
    setDone((previous) => [...previous, next.servingId]);
  };
  return (
    <div className="mb-6">
      <RatingPrompt
        due={next}
        today={hostelToday(due.data.timeZone)}
        onSaved={() => {
          putAway();
          setThanked(true);
        }}
        extraAction={
          <button type="button" className="btn-secondary btn-sm" onClick={putAway}>
            Not now
          </button>
        }
      />
    </div>
  );
}
