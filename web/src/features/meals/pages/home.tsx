import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
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
  // Wait for the sections above and the packages themselves, so the target does not move.
  const mealsSettled = !useQuery({ ...mealsByCategoryQueryOptions(''), enabled: wanted }).isPending;
  const packagesSettled = !useQuery({ ...packagesQueryOptions(), enabled: wanted }).isPending;

  useEffect(() => {
    if (!wanted || !mealsSettled || !packagesSettled) return;
    document.getElementById(membershipSectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Forget the request, so going back to this entry does not scroll again; keep the meal
    // the visitor wanted, which the plans mention.
    const kept = state?.wanted ? { wanted: state.wanted } : null;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: kept, preventScrollReset: true });
  }, [wanted, mealsSettled, packagesSettled, navigate, location.pathname, location.search, state?.wanted]);
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
