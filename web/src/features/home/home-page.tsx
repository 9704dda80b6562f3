import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { mealsByCategoryQuery } from './api/get-meals-by-category';
import { packagesQuery } from '@/lib/packages-query';
import { HeroSearch } from './hero-search';
import { HostelHighlights } from './hostel-highlights';
import { MealTabs } from './meal-tabs';
import { MembershipSection, membershipSectionId } from './membership-section';

/** Navigation state that asks the home page to show the membership packages. */
type HomeState = { scrollTo?: 'membership' } | null;

function useScrollToMembership() {
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = (location.state as HomeState)?.scrollTo === 'membership';
  // Wait for the sections above and the packages themselves, so the target does not move.
  const mealsSettled = !useQuery({ ...mealsByCategoryQuery(''), enabled: wanted }).isPending;
  const packagesSettled = !useQuery({ ...packagesQuery(), enabled: wanted }).isPending;

  useEffect(() => {
    if (!wanted || !mealsSettled || !packagesSettled) return;
    document.getElementById(membershipSectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Forget the request, so going back to this entry does not scroll again.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null, preventScrollReset: true });
  }, [wanted, mealsSettled, packagesSettled, navigate, location.pathname, location.search]);
}

export function HomePage() {
  useScrollToMembership();
  return (
    <>
      <HeroSearch />
      <MealTabs />
      <HostelHighlights />
      <MembershipSection />
    </>
  );
}
