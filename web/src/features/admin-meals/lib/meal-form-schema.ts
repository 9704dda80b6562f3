// What the add / edit / upcoming meal form accepts. The form holds text (that is what
// inputs hold). Each field is checked on its own: first "is required", then the API's own
// rule for that field (mealBodySchema's), so a bad price or email is named as soon as that
// field is left, not only once every other field is filled, and the form and the server
// never disagree.
import {
  allergenKeys,
  dietTags,
  mealBodySchema,
  mealLabelConflict,
  z,
  type AllergenKey,
  type DietTag,
  type MealInput,
} from '@hostelhub/contracts';

const required = (message: string) => z.string().trim().min(1, message);
const api = mealBodySchema.shape;

export const mealFormSchema = z
  .object({
    title: required('Title is required').pipe(api.title),
    category: required('Category is required').pipe(api.category),
    image: required('Image is required').pipe(api.image),
    ingredients: required('Ingredients are required').pipe(api.ingredients),
    description: required('Description is required').pipe(api.description),
    price: required('Price is required')
      .transform((value) => Number(value))
      .pipe(api.price),
    distributorName: required('Distributor name is required').pipe(api.distributorName),
    distributorEmail: required('Distributor Email is required').pipe(api.distributorEmail),
    allergens: z.array(z.enum(allergenKeys)),
    /** "Contains none of the 14": the explicit declaration that the list is empty on purpose. */
    declaredNone: z.boolean(),
    dietTags: z.array(z.enum(dietTags)),
  })
  .superRefine((form, context) => {
    // Food safety: a label is declared by a person, never defaulted (ADR 0032).
    if (!form.declaredNone && form.allergens.length === 0) {
      context.addIssue({ code: 'custom', path: ['allergens'], message: allergenDeclarationMessage });
    }
    const conflict = mealLabelConflict(form);
    if (conflict) context.addIssue({ code: 'custom', path: ['dietTags'], message: conflict });
  })
  .transform(({ declaredNone, allergens, ...meal }) => ({
    ...meal,
    allergens: declaredNone ? [] : allergens,
  })) satisfies z.ZodType<MealInput>;

export const allergenDeclarationMessage =
  'Declare the allergens: tick each one the meal contains, or "Contains none of the 14"';

/** The form's raw field values. */
export type MealFormValues = {
  title: string;
  category: string;
  image: string;
  ingredients: string;
  description: string;
  price: string;
  distributorName: string;
  distributorEmail: string;
  allergens: AllergenKey[];
  declaredNone: boolean;
  dietTags: DietTag[];
};

export const emptyMealForm: MealFormValues = {
  title: '',
  category: '',
  image: '',
  ingredients: '',
  description: '',
  price: '',
  distributorName: '',
  distributorEmail: '',
  allergens: [],
  declaredNone: false,
  dietTags: [],
};

/** A stored meal as form values, for editing. */
export const mealToFormValues = (
  meal: Partial<Omit<MealInput, 'category'>> & { category?: string },
): MealFormValues => ({
  // An undeclared meal (null) shows nothing ticked, so it cannot be saved until declared.
  allergens: meal.allergens ?? [],
  declaredNone: Array.isArray(meal.allergens) && meal.allergens.length === 0,
  dietTags: meal.dietTags ?? [],
  title: meal.title ?? '',
  category: meal.category ?? '',
  image: meal.image ?? '',
  ingredients: meal.ingredients ?? '',
  description: meal.description ?? '',
  price: meal.price === undefined ? '' : String(meal.price),
  distributorName: meal.distributorName ?? '',
  distributorEmail: meal.distributorEmail ?? '',
});
