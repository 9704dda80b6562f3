import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/page-head';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-7xl font-extrabold text-brand">404</h1>
      <p className="text-xl font-semibold text-stone-800">Page not found</p>
      <p className="text-stone-600">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="btn-primary">
        Back to Home
      </Link>
    </section>
  );
}
