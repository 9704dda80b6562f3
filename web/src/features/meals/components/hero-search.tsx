import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * The hero's search box. One uncontrolled field with nothing to validate, so it reads the
 * form itself rather than bringing react-hook-form into the home page's first bundle.
 */
export function HeroSearch() {
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    navigate(paths.mealsWith({ search: text }));
  };

  return (
    <section className="bg-gradient-to-br from-brand via-brand to-brand-strong text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-10 text-center sm:gap-6 sm:px-6 sm:py-16 md:py-24">
        <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">
          Fuel Your Day with Delicious Hostel Meals
        </h1>
        <p className="max-w-2xl text-lg text-orange-50">
          Tasty, affordable breakfasts, lunches and dinners cooked for everyone staying at the hostel. Browse the menu,
          request a meal and share what you loved.
        </p>
        {/* The action is the browser's own way there, for Enter pressed before the site is live. */}
        <form role="search" action={paths.meals} onSubmit={onSubmit} className="flex w-full max-w-xl gap-2">
          <label htmlFor="hero-search" className="sr-only">
            Search for meals
          </label>
          <input
            id="hero-search"
            type="search"
            name="search"
            placeholder="Search for meals"
            className="input flex-1 border-white text-base"
          />
          <button type="submit" className="btn-primary bg-stone-900 hover:bg-stone-800">
            Search
          </button>
        </form>
      </div>
    </section>
  );
}
