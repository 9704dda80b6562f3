import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** A page that failed to load (for example a chunk after a new deploy) or crashed. */
export function RouteError() {
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

/** Shows RouteError in place of the site when a page throws while rendering. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
