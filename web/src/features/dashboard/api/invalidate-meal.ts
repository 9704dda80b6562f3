import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys, publicKeys } from './query-keys';

/** A meal's likes, reviews or rating changed: refresh every list and page that shows it. */
export const invalidateMeal = (queryClient: QueryClient, mealId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: publicKeys.meal(mealId) }),
    queryClient.invalidateQueries({ queryKey: publicKeys.meals }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.allMealsAll() }),
  ]);
