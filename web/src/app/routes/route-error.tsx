import { Link, useRouteError } from 'react-router';
import { paths } from '@/lib/paths';

/** A page that failed to load (for example a chunk after a new deploy) or crashed. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
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
