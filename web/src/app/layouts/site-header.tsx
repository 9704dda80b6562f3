import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Avatar } from '@/components/avatar';
import { BellIcon } from '@/components/bell-icon';
import { DropdownMenu, menuItemClass } from '@/components/dropdown-menu';
import { useSession } from '@/lib/auth';
import { startsLiveData } from '@/lib/live/live-pages';
import { paths } from '@/lib/paths';
import { LogoMark } from '@/components/logo-mark';

const navLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.menu, label: 'Menu' },
  { to: paths.meals, label: 'Meals' },
  { to: paths.upcomingMeals, label: 'Upcoming Meals' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 font-medium transition ${
    isActive ? 'text-orange-700' : 'text-stone-700 hover:text-orange-700'
  }`;

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 stroke-current" fill="none" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  );
}

// The live bell brings Firestore and reactfire: loaded for signed-in users only, after the page.
const LiveBell = lazy(() => import('@/features/notifications/components/live-bell'));

/** What the bell's place shows while it loads. */
function BellPlaceholder() {
  return (
    <span aria-hidden="true" className="inline-flex rounded-full p-2 text-stone-300">
      <BellIcon />
    </span>
  );
}

/** A bell that failed to load (offline, say) leaves its placeholder, never a broken page. */
class BellBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <BellPlaceholder /> : this.props.children;
  }
}

/** Signed-in users get the live bell (its place only, on a page without live data); visitors none. */
function NotificationArea() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user) return null;
  if (!startsLiveData(pathname)) return <BellPlaceholder />;
  return (
    <BellBoundary>
      <Suspense fallback={<BellPlaceholder />}>
        <LiveBell />
      </Suspense>
    </BellBoundary>
  );
}

function AccountArea() {
  const { user, loading, logOut } = useSession();
  if (!user) {
    if (loading) return <span aria-hidden="true" className="size-10 animate-pulse rounded-full bg-stone-200" />;
    return (
      <Link to={paths.login} className="btn-primary">
        Join Us
      </Link>
    );
  }
  const name = user.displayName || user.email || 'Your account';
  return (
    <DropdownMenu
      triggerLabel="Account menu"
      triggerClassName="rounded-full"
      trigger={<Avatar src={user.photoURL} name={name} />}
    >
      {(close) => (
        <>
          <p className="truncate px-3 py-2 font-semibold text-stone-900" data-testid="account-name">
            {name}
          </p>
          <Link role="menuitem" to={paths.dashboard.root} onClick={close} className={menuItemClass}>
            Dashboard
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={() => {
              close();
              void logOut();
            }}
            className={menuItemClass}
          >
            Logout
          </button>
        </>
      )}
    </DropdownMenu>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <div className="md:hidden">
          <DropdownMenu
            triggerLabel="Site menu"
            triggerClassName="rounded-lg p-2 text-stone-700 hover:bg-stone-100"
            trigger={<MenuIcon />}
            align="left"
          >
            {(close) =>
              navLinks.map((link) => (
                <NavLink key={link.to} role="menuitem" to={link.to} end onClick={close} className={menuItemClass}>
                  {link.label}
                </NavLink>
              ))
            }
          </DropdownMenu>
        </div>
        <Link to={paths.home} className="flex items-center gap-2 rounded-lg">
          <LogoMark className="size-8" />
          <span className="text-xl font-extrabold tracking-tight text-stone-900">HostelHub</span>
        </Link>
        <nav aria-label="Main" className="mx-auto hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <NotificationArea />
          <AccountArea />
        </div>
      </div>
    </header>
  );
}
