import { Link } from 'react-router';
import { isMember } from '@hostelhub/contracts';
import { useSession } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { membershipSectionId } from './membership-section';

/**
 * A signed-in student without a membership (a new one, just past 'Account Created
 * Successful') gets their next step: a plan to request meals, or the meals themselves.
 * Nothing in the prerendered page: the session is only known in the browser.
 */
export function NextStep() {
  const { profile } = useSession();
  if (!profile || profile.role !== 'student' || isMember(profile, new Date())) return null;
  return (
    <section aria-labelledby="next-step-heading" className="border-b border-orange-200 bg-orange-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <h2 id="next-step-heading" className="text-lg font-semibold text-stone-900">
            Welcome{profile.name ? `, ${profile.name}` : ''}: what next?
          </h2>
          <p className="text-stone-700">Choose a plan to request meals from the kitchen, or browse the menu first.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={`#${membershipSectionId}`} className="btn-primary">
            Choose a plan
          </a>
          <Link to={paths.menu} className="btn-secondary">
            See this week&apos;s menu
          </Link>
          <Link to={paths.meals} className="btn-secondary">
            Browse the meals
          </Link>
        </div>
      </div>
    </section>
  );
}
