import { useId } from 'react';
import { FieldError } from './form-field';

const stars = [1, 2, 3, 4, 5] as const;

function StarIcon({ filled, className = 'size-5' }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`${className} ${filled ? 'fill-amber-400' : 'fill-stone-300'}`}
    >
      <path d="M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.9l-5.3 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
    </svg>
  );
}

/** One star filled by `fraction` (0, 0.5 or 1) from the left. */
function PartialStar({ fraction, className }: { fraction: number; className?: string }) {
  if (fraction >= 1 || fraction <= 0) return <StarIcon filled={fraction >= 1} className={className} />;
  return (
    <span className="relative inline-block">
      <StarIcon filled={false} className={className} />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fraction * 100}%` }}>
        <StarIcon filled className={className} />
      </span>
    </span>
  );
}

/** Read-only stars for a rating from 0 to 5 (to the nearest half), with the number for screen readers. */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const halves = Math.round(Math.min(Math.max(value, 0), 5) * 2) / 2;
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${value} out of 5`}>
      {stars.map((star) => (
        <PartialStar key={star} fraction={Math.min(Math.max(halves - (star - 1), 0), 1)} className={className} />
      ))}
    </span>
  );
}

type StarRatingInputProps = {
  value: number;
  onChange: (value: number) => void;
  label?: string;
  name?: string;
  error?: string;
};

/**
 * The site's one star-rating input (the review form and the review edit form): a 1-5
 * choice built on native radio buttons, so arrow keys, Tab and screen readers work as they
 * do for any radio group. The error is linked to the group like a field's.
 */
export function StarRatingInput({ value, onChange, label = 'Your rating', name, error }: StarRatingInputProps) {
  const generatedName = useId();
  const groupName = name ?? generatedName;
  const errorId = `${groupName}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="label mb-1">{label}</legend>
      <div className="flex items-center gap-1">
        {stars.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-500"
          >
            <input
              type="radio"
              name={groupName}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className={`block text-3xl leading-none ${star <= value ? 'text-amber-400' : 'text-stone-300'}`}
            >
              ★
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
