import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/page-head';
import { paths } from '@/lib/paths';

/** A page that failed to load (for example a chunk after a new deploy) or crashed. */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-stone-900">Something went wrong</h1>
      <p className="text-stone-600">This page could not be shown. Reload the page to try again.</p>
      <div className="flex gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home} className="btn-secondary">
          Home
        </Link>
      </div>
    </section>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { failed: boolean; pathname: string };

/**
 * Shows RouteError in place of the site when a page throws while rendering; going to another
 * path leaves the error behind (nothing else is mounted again).
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.pathname === state.pathname) return null;
    return { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
