import { lazy, Suspense, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/spinner';
import { ProtectedRoute } from '@/components/protected-route';
import { RatingNudge } from '@/features/feedback/components/rating-nudge';
import { useSession } from '@/lib/auth';
import { startsLiveData } from '@/lib/live/live-pages';
import { paths } from '@/lib/paths';

/** Every page of the dashboard's menu, under its name there; each role's menu picks from these. */
const pageLabels = {
  adminProfile: 'Admin Profile',
  manageUsers: 'Manage Users',
  addMeals: 'Add Meals',
  allMeals: 'All Meals',
  serveMeals: 'Serve Meals',
  menuPlanner: 'Menu Planner',
  kitchen: 'Kitchen',
  counter: 'Counter',
  addUpcomingMeals: 'Upcoming Meals',
  insights: 'Insights',
  complaints: 'Complaints',
  leaveQueue: 'Leave Queue',
  mealSettings: 'Meal Settings',
  activity: 'Activity',
  myProfile: 'My Profile',
  mealPass: 'Meal Pass',
  requestedMeals: 'Requested Meals',
  myLeave: 'My Leave',
  myReviews: 'My Reviews',
  rateMeals: 'Rate Meals',
  paymentHistory: 'Payment History',
} as const satisfies Partial<Record<keyof typeof paths.dashboard, string>>;

type MenuPage = keyof typeof pageLabels;

const menuOf = (pages: MenuPage[]) => pages.map((page) => ({ to: paths.dashboard[page], label: pageLabels[page] }));

const adminMenu = menuOf([
  'adminProfile',
  'manageUsers',
  'addMeals',
  'allMeals',
  'serveMeals',
  'menuPlanner',
  'kitchen',
  'counter',
  'addUpcomingMeals',
  'insights',
  'complaints',
  'leaveQueue',
  'mealSettings',
  'activity',
]);

const studentMenu = menuOf([
  'myProfile',
  'mealPass',
  'requestedMeals',
  'myLeave',
  'myReviews',
  'rateMeals',
  'complaints',
  'paymentHistory',
]);

/** Kitchen staff: the counter and the kitchen's two views, and nothing else of the admin's. */
const staffMenu = menuOf(['counter', 'kitchen', 'serveMeals', 'complaints', 'myProfile']);

const menuOfRole = { admin: adminMenu, staff: staffMenu, student: studentMenu } as const;

/** Pages the rating nudge stays off: the ratings' own page, and the pass held up at the counter. */
const nudgeFreePages = new Set<string>([paths.dashboard.rateMeals, paths.dashboard.mealPass]);

// reactfire's providers and the Firestore SDK: a chunk of their own, loaded by the pages that
// start live data only (lib/live/live-pages.ts).
const LiveDataProvider = lazy(() =>
  import('@/lib/live/live-data-provider').then(({ LiveDataProvider }) => ({ default: LiveDataProvider })),
);

/**
 * Signed-out visitors go to /login and come back here afterwards. The dashboard's pages read
 * live data through reactfire's providers (ADR 16), but for the meal pass, which starts none.
 */
export function DashboardLayout() {
  const { pathname } = useLocation();
  return (
    <ProtectedRoute>
      {startsLiveData(pathname) ? (
        <Suspense fallback={<PageLoader />}>
          <LiveDataProvider>
            <DashboardShell />
          </LiveDataProvider>
        </Suspense>
      ) : (
        <DashboardShell />
      )}
    </ProtectedRoute>
  );
}

/**
 * The dashboard shell: a sidebar (a toggled panel on small screens) with the admin or the
 * student menu, the welcome line, and the page.
 */
function DashboardShell() {
  const { user, profile, profileLoading, profileError, refreshProfile, logOut } = useSession();
  const location = useLocation();
  const menuId = useId();
  // The small-screen menu is open on the page where it was opened: choosing a page closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? location.pathname : null);

  const menu = menuOfRole[profile?.role ?? 'student'];
  const displayName = user?.displayName || profile?.name || user?.email || 'there';

  return (
    <div className="flex min-h-[calc(100vh-4rem)] w-full flex-col md:flex-row">
      <aside className="border-b border-stone-200 bg-stone-900 text-stone-100 md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex items-center justify-between px-4 py-3 md:py-5">
          <p className="font-semibold tracking-wide">Dashboard</p>
          <button
            type="button"
            className="rounded-md border border-stone-600 px-3 py-1.5 text-sm focus-visible:ring-2 focus-visible:ring-orange-400 focus-visible:outline-none md:hidden"
            // The site header has its own menu button; this name tells the two apart.
            aria-label="Dashboard menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setMenuOpen(false);
            }}
          >
            Menu
          </button>
        </div>
        <nav id={menuId} aria-label="Dashboard" className={`${menuOpen ? 'block' : 'hidden'} pb-3 md:block`}>
          {profileError ? null : profileLoading ? (
            <p className="px-4 py-2 text-sm text-stone-400">Loading menu…</p>
          ) : (
            <ul className="space-y-1 px-2">
              {menu.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-orange-400 focus-visible:outline-none ${
                        isActive ? 'bg-brand text-white' : 'text-stone-200 hover:bg-stone-800'
                      }`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </nav>
      </aside>
      <div className="min-w-0 flex-1 bg-stone-50 px-4 py-6 sm:px-8">
        <p className="mb-6 text-xl font-semibold text-stone-900 sm:text-2xl">Welcome, {displayName}</p>
        {profileError ? (
          // Without the profile the role is unknown: no page can be shown, but the user is never
          // left waiting. Retrying saves the record again (GET /user answers 404 without one).
          <div className="flex flex-col gap-4">
            <ErrorState
              title="We could not load your account"
              error={profileError}
              onRetry={() => void refreshProfile()}
            />
            <button type="button" className="btn-secondary self-center" onClick={() => void logOut()}>
              Log out
            </button>
          </div>
        ) : (
          <>
            {/* "How was lunch today?": a resident's next visit after being served asks once;
                never above the meal pass, which the counter reads first. */}
            {profile?.role === 'student' && !nudgeFreePages.has(location.pathname) ? <RatingNudge /> : null}
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </>
        )}
      </div>
    </div>
  );
}
