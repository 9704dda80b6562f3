// Every page's address on the site, in one place: links, redirects and the route tables'
// prefixes take them from here, so renaming a page is one edit (and a typo is a type error).
// The public pages' come from their table in the contracts (public-pages.ts); the dashboard's
// and checkout's are declared here. web/src/app/paths.test.ts checks that each one is routed.
import { publicPages } from '@hostelhub/contracts';

const idSegment = (id: string) => encodeURIComponent(id);

export const paths = {
  home: publicPages.home.path,
  meals: publicPages.meals.path,
  /** The meals list with a search or a category already chosen. */
  mealsWith: (filter: { search?: string; category?: string }) => {
    const query = new URLSearchParams();
    if (filter.search) query.set('search', filter.search);
    if (filter.category) query.set('category', filter.category);
    const search = query.toString();
    return search ? `${publicPages.meals.path}?${search}` : publicPages.meals.path;
  },
  meal: (mealId: string) => publicPages.meal.path.replace(':mealId', idSegment(mealId)),
  upcomingMeals: publicPages['upcoming-meals'].path,
  menu: publicPages.menu.path,
  login: publicPages.login.path,
  register: publicPages.register.path,
  checkout: (packageId: string) => `/checkout/${idSegment(packageId)}`,
  checkoutArea: '/checkout',
  // The footer's pages (their text: features/info-pages/content.ts).
  about: publicPages.about.path,
  contact: publicPages.contact.path,
  faq: publicPages.faq.path,
  terms: publicPages.terms.path,
  privacy: publicPages.privacy.path,
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
    /** A member's leave: the rules, applying, their leaves (ADR 74). */
    myLeave: '/dashboard/my-leave',
    /** The admins' queue of every member's leave, to approve or decline. */
    leaveQueue: '/dashboard/leave-queue',
    /** The hostel's booking rule and leave rules (admins). */
    mealSettings: '/dashboard/meal-settings',
    /** Who changed what: the audit log (admins, ADR 78). */
    activity: '/dashboard/activity',
  },
} as const;
