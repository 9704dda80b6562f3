import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/lib/auth';
import { todayMenuQueryOptions } from '@/lib/menu-query';
import { packagesQueryOptions } from '@/lib/packages-query';
import { mealsByCategoryQueryOptions } from '../api/get-meals-by-category';
import { HeroSearch } from '../components/hero-search';
import { HostelHighlights } from '../components/hostel-highlights';
import { MealTabs } from '../components/meal-tabs';
import { MembershipSection, membershipSectionId } from '../components/membership-section';
import { NextStep } from '../components/next-step';
import { TodayAtTheHostel } from '../components/today-at-the-hostel';

/** Navigation state that asks the home page to show the membership packages (lib/plans-redirect.ts). */
type HomeState = { scrollTo?: 'membership'; wanted?: unknown } | null;

function useScrollToMembership() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as HomeState;
  const wanted = state?.scrollTo === 'membership';
  // Wait for the sections above (today's servings, the signed-in student's next step, the
  // meals) and the packages themselves, so the target does not move once scrolled to.
  const todaySettled = !useQuery({ ...todayMenuQueryOptions(), enabled: wanted }).isPending;
  const profileSettled = !useSession().profileLoading;
  const mealsSettled = !useQuery({ ...mealsByCategoryQueryOptions(''), enabled: wanted }).isPending;
  const packagesSettled = !useQuery({ ...packagesQueryOptions(), enabled: wanted }).isPending;
  const settled = todaySettled && profileSettled && mealsSettled && packagesSettled;

  useEffect(() => {
    if (!wanted || !settled) return;
    document.getElementById(membershipSectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Forget the request, so going back to this entry does not scroll again; keep the meal
    // the visitor wanted, which the plans mention.
    const kept = state?.wanted ? { wanted: state.wanted } : null;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: kept, preventScrollReset: true });
  }, [wanted, settled, navigate, location.pathname, location.search, state?.wanted]);
}

export function HomePage() {
  useScrollToMembership();
  return (
    <>
      <HeroSearch />
      <NextStep />
      <TodayAtTheHostel />
      <MealTabs />
      <HostelHighlights />
      <MembershipSection />
    </>
  );
}
