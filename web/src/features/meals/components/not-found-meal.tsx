import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function NotFoundMeal() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-stone-900">Meal not found</h1>
      <p className="text-stone-600">This meal does not exist or is no longer on the menu.</p>
      <Link to={paths.meals} className="btn-primary">
        Browse meals
      </Link>
    </section>
  );
}
