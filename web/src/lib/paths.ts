// Every page's address on the site, in one place: links, redirects and the route tables'
// prefixes take them from here, so renaming a page is one edit (and a typo is a type error).
// The route tables (app/routes) declare the same paths as
// React Router patterns; web/src/app/paths.test.ts checks that each path here is routed.

const idSegment = (id: string) => encodeURIComponent(id);

export const paths = {
  home: '/',
  meals: '/meals',
  /** The meals list with a search or a category already chosen. */
  mealsWith: (filter: { search?: string; category?: string }) => {
    const query = new URLSearchParams();
    if (filter.search) query.set('search', filter.search);
    if (filter.category) query.set('category', filter.category);
    const search = query.toString();
    return search ? `/meals?${search}` : '/meals';
  },
  meal: (mealId: string) => `/meal/${idSegment(mealId)}`,
  upcomingMeals: '/upcoming-meals',
  menu: '/menu',
  login: '/login',
  register: '/register',
  checkout: (packageId: string) => `/checkout/${idSegment(packageId)}`,
  checkoutArea: '/checkout',
  // The footer's pages (their text: features/info-pages/content.ts).
  about: '/about',
  contact: '/contact',
  faq: '/faq',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: {
    root: '/dashboard',
    myProfile: '/dashboard/my-profile',
    requestedMeals: '/dashboard/requested-meal',
    myReviews: '/dashboard/my-reviews',
    paymentHistory: '/dashboard/payment-history',
    adminProfile: '/dashboard/admin-profile',
    manageUsers: '/dashboard/manage-users',
    addMeals: '/dashboard/add-meals',
    allMeals: '/dashboard/all-meals',
    serveMeals: '/dashboard/serve-meals',
    /** Serve Meals narrowed to one serving's reservations (the counter's lunch list). */
    serveMealsOfServing: (servingId: string) => `/dashboard/serve-meals?serving=${idSegment(servingId)}`,
    menuPlanner: '/dashboard/menu-planner',
    kitchen: '/dashboard/kitchen',
    /** The member's meal pass (QR code and short code) for a serving open now. */
    mealPass: '/dashboard/meal-pass',
    /** Where staff scan passes. */
    counter: '/dashboard/counter',
    addUpcomingMeals: '/dashboard/add-upcoming-meals',
    insights: '/dashboard/insights',
    /** The member's servings to rate ("How was lunch today?"). */
    rateMeals: '/dashboard/rate-meals',
    /** A member's own complaints; staff's and admins' queue of everyone's. */
    complaints: '/dashboard/complaints',
  },
} as const;
