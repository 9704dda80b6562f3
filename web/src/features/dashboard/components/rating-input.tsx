type RatingInputProps = { value: number; onChange: (rating: number) => void; name: string };

/** Stars 1 to 5 as a radio group: arrow keys move between them, each has a spoken label. */
export function RatingInput({ value, onChange, name }: RatingInputProps) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-stone-700">Rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="cursor-pointer text-2xl">
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="peer sr-only"
              aria-label={`${star} star${star > 1 ? 's' : ''}`}
            />
            <span
              aria-hidden
              className={`rounded peer-focus-visible:ring-2 peer-focus-visible:ring-orange-500 ${star <= value ? 'text-amber-400' : 'text-stone-300'}`}
            >
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
