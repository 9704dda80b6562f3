// A student without a membership who tries a members' action (Request Meal, Like on an
// upcoming meal) is sent to the home page's plans, as the spec says. The navigation state
// carries why and which meal they wanted, so the plans can say so and the checkout can
// offer the way back after subscribing.

/** The meal a non-member wanted when they were sent to the plans. */
export type WantedMeal = { path: string; title: string };

export const membersOnlyNote = 'Meal requests are for members: choose a plan';

/** Navigation state for `/`: scroll to the plans and remember the meal. */
export const plansRedirectState = (wanted?: WantedMeal) => ({
  scrollTo: 'membership' as const,
  ...(wanted ? { wanted } : {}),
});

/** The wanted meal from a navigation state, if it is a well-formed same-site one. */
export function wantedMealOf(state: unknown): WantedMeal | null {
  const wanted = (state as { wanted?: Partial<WantedMeal> } | null)?.wanted;
  if (!wanted || typeof wanted.path !== 'string' || typeof wanted.title !== 'string') return null;
  // Only same-site paths, never "//elsewhere.example".
  if (!wanted.path.startsWith('/') || wanted.path.startsWith('//')) return null;
  return { path: wanted.path, title: wanted.title };
}
