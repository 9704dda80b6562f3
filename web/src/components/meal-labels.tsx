import {
  allergenLabels,
  allergenListText,
  dietTagLabels,
  undeclaredAllergensMessage,
  type AllergenKey,
  type DietTag,
  type MealLabels,
} from '@hostelhub/contracts';

/** Each diet's own mark, so a halal meal does not wear the plant-based seedling. */
const dietTagIcons: Record<DietTag, string> = { vegetarian: '🥕', vegan: '🌱', halal: '☪️' };

/**
 * A meal's diet tags and allergens as text with icons, for cards: the icons are decoration,
 * the words are what a screen reader reads. An undeclared meal is never shown as safe.
 */
export function MealLabelBadges({ labels, className = '' }: { labels: MealLabels; className?: string }) {
  return (
    <div className={`flex flex-col gap-1 text-sm ${className}`}>
      {labels.dietTags.length > 0 && (
        <p className="flex flex-wrap gap-1">
          {labels.dietTags.map((tag) => (
            <span key={tag} className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
              <span aria-hidden="true">{dietTagIcons[tag]} </span>
              {dietTagLabels[tag]}
            </span>
          ))}
        </p>
      )}
      <AllergenLine allergens={labels.allergens} />
    </div>
  );
}

function AllergenLine({ allergens }: { allergens: AllergenKey[] | null }) {
  if (allergens === null) {
    return (
      <p className="text-amber-800">
        <span aria-hidden="true">⚠️ </span>
        {undeclaredAllergensMessage}
      </p>
    );
  }
  if (allergens.length === 0) {
    return <p className="text-stone-600">Contains none of the 14 allergens</p>;
  }
  return (
    <p className="text-stone-700">
      <span aria-hidden="true">⚠️ </span>
      Contains: {allergens.map((key) => allergenLabels[key]).join(', ')}
    </p>
  );
}

/** The meal page's full statement of its allergens and diet, the undeclared case made plain. */
export function MealAllergenDetails({ labels }: { labels: MealLabels }) {
  return (
    <section aria-labelledby="meal-allergens" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="meal-allergens" className="text-lg font-semibold text-stone-900">
        Allergens and diet
      </h2>
      {labels.allergens === null ? (
        <p className="mt-1 font-medium text-amber-800">
          <span aria-hidden="true">⚠️ </span>
          {undeclaredAllergensMessage}. Nobody has said which of the 14 regulated allergens this meal contains.
        </p>
      ) : labels.allergens.length === 0 ? (
        <p className="mt-1 text-stone-700">The kitchen declares it contains none of the 14 regulated allergens.</p>
      ) : (
        <p className="mt-1 text-stone-700">Contains {allergenListText(labels.allergens)}.</p>
      )}
      <p className="mt-1 text-stone-700">
        {labels.dietTags.length > 0
          ? `Suitable for: ${labels.dietTags.map((tag) => dietTagLabels[tag]).join(', ')}.`
          : 'No diet tags (not marked vegetarian, vegan or halal).'}
      </p>
    </section>
  );
}
