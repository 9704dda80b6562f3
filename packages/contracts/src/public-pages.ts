// The site's public pages, each once (issue 51): its address, the module of its lazily loaded
// page (under web/, and the component it exports), the query parameters it reads, and where it
// is drawn: `per-request` by the `pages` function with its data (ADR 0038), or `at-build` once,
// whole, by web/scripts/prerender.mjs. The site's routes and links (web/src/app/routes,
// web/src/lib/paths.ts), the `pages` function's routes (functions/src/features/pages/site.ts)
// and the prerender list derive from it; a test checks firebase.json's rewrites against it.
// A page's first reads (its data) are the site's: web/src/app/server-reads.ts, by page name.

export type PublicPage = {
  path: string;
  module: string;
  component: string;
  drawn: 'per-request' | 'at-build';
  /** The query parameters the page reads, in the order its canonical address lists them. */
  query: readonly string[];
};

const infoPage = (path: string, component: string) =>
  ({ path, module: 'src/features/info-pages/pages/info-page.tsx', component, drawn: 'at-build', query: [] }) as const;

export const publicPages = {
  home: {
    path: '/',
    module: 'src/features/meals/pages/home.tsx',
    component: 'HomePage',
    drawn: 'per-request',
    query: [],
  },
  meals: {
    path: '/meals',
    module: 'src/features/meals/pages/meals.tsx',
    component: 'MealsPage',
    drawn: 'per-request',
    query: ['search', 'category', 'priceRange', 'diet', 'freeFrom'],
  },
  meal: {
    path: '/meal/:mealId',
    module: 'src/features/meals/pages/meal-detail.tsx',
    component: 'MealDetailPage',
    drawn: 'per-request',
    query: [],
  },
  'upcoming-meals': {
    path: '/upcoming-meals',
    module: 'src/features/meals/pages/upcoming-meals.tsx',
    component: 'UpcomingMealsPage',
    drawn: 'per-request',
    query: [],
  },
  menu: {
    path: '/menu',
    module: 'src/features/menu/pages/menu.tsx',
    component: 'MenuPage',
    drawn: 'per-request',
    query: ['from', 'hall'],
  },
  login: {
    path: '/login',
    module: 'src/features/auth/pages/login.tsx',
    component: 'LoginPage',
    drawn: 'at-build',
    query: [],
  },
  register: {
    path: '/register',
    module: 'src/features/auth/pages/register.tsx',
    component: 'RegisterPage',
    drawn: 'at-build',
    query: [],
  },
  // The footer's pages: all text, so they are whole before any JavaScript (content.ts).
  about: infoPage('/about', 'AboutPage'),
  contact: infoPage('/contact', 'ContactPage'),
  faq: infoPage('/faq', 'FaqPage'),
  terms: infoPage('/terms', 'TermsPage'),
  privacy: infoPage('/privacy', 'PrivacyPage'),
} as const satisfies Record<string, PublicPage>;

export type PublicPageName = keyof typeof publicPages;

/** The pages the `pages` function draws per request, by name. */
export type RenderedPageName = {
  [Name in PublicPageName]: (typeof publicPages)[Name]['drawn'] extends 'per-request' ? Name : never;
}[PublicPageName];

/** The public pages as a list, each with its name. */
export const publicPageList = (Object.keys(publicPages) as PublicPageName[]).map((name) => ({
  name,
  ...(publicPages[name] as PublicPage),
}));

// The handshake between the `pages` function and the site's server renderer (web/src/prerender.tsx),
// declared once for both.

/**
 * How a call reaches the API, in fetch's shape: the browser's fetch, or the API answering in
 * the same process. Each side names fetch's own types (`ApiTransport<RequestInit, Response>`):
 * the contracts know no DOM.
 */
export type ApiTransport<Init, Answer> = (url: string, init: Init) => Promise<Answer>;

/** What the HTML's head says of a page: its title and, for a page worth sharing, a link preview. */
export type PageHead = { title: string; preview: { description: string; image: string | null } | null };

/**
 * A page rendered for a request: its status, its markup, what its head says, the data the
 * browser takes over with, and whether a shared cache may keep it (not when a read failed: the
 * page then shows that read's error, and the browser tries it again).
 */
export type RenderedPage = { status: 200 | 404; markup: string; head: PageHead; data: string | null; shared: boolean };
