// The dashboard's TanStack Query keys in one place, so a mutation names exactly the lists it
// changes. Public pages cache meal lists under 'meals', a meal under 'meal' and upcoming
// meals under 'upcoming-meals'; mutations that change what they show invalidate those too.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  myRequests: () => ['dashboard', 'requested-meals', 'mine'] as const,
  myReviews: () => ['dashboard', 'reviews', 'mine'] as const,
  paymentHistory: () => ['dashboard', 'payment-history'] as const,
  users: (search: string) => ['dashboard', 'users', search] as const,
  usersAll: () => ['dashboard', 'users'] as const,
  allMeals: (sort: string) => ['dashboard', 'all-meals', sort] as const,
  allMealsAll: () => ['dashboard', 'all-meals'] as const,
  servedRequests: (search: string) => ['dashboard', 'requested-meals', 'admin', search] as const,
  servedRequestsAll: () => ['dashboard', 'requested-meals', 'admin'] as const,
  upcomingMeals: () => ['dashboard', 'upcoming-meals'] as const,
};

/** Keys of the public pages' caches (meal lists, a meal's detail, upcoming meals). */
export const publicKeys = {
  meals: ['meals'] as const,
  meal: (id: string) => ['meal', id] as const,
  upcomingMeals: ['upcoming-meals'] as const,
};
