// The admin's calls on the menu (docs/api.md "Menu"): each refreshes every menu on success,
// and on a failure too, since a refusal (409) means the planner shows an out-of-date week.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { mealsPageSize } from '@hostelhub/contracts';
import { routes, type CopyWeekBody, type ServingBody, type ServingPatchBody } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { invalidateMenu, queryKeys } from '@/lib/query-keys';

const useMenuMutation = <Variables, Answer>(call: (variables: Variables) => Promise<Answer>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => invalidateMenu(queryClient) });
};

export const useAddServing = () => useMenuMutation((body: ServingBody) => fetchEndpoint(routes.addServing, { body }));

export const useUpdateServing = () =>
  useMenuMutation(({ id, patch }: { id: string; patch: ServingPatchBody }) =>
    fetchEndpoint(routes.updateServing, { params: { id }, body: patch }),
  );

export const useDeleteServing = () =>
  useMenuMutation((id: string) => fetchEndpoint(routes.deleteServing, { params: { id } }));

export const useCloseDay = () =>
  useMenuMutation(({ date, note }: { date: string; note: string }) =>
    fetchEndpoint(routes.closeDay, { params: { date }, body: { note } }),
  );

export const useReopenDay = () =>
  useMenuMutation((date: string) => fetchEndpoint(routes.reopenDay, { params: { date } }));

/** A week copied on, or from another hall (ADR 72). */
export const useCopyWeek = () => useMenuMutation((body: CopyWeekBody) => fetchEndpoint(routes.copyWeek, { body }));

/** The catalogue's search (GET /meals, the Meals page's), to pick a meal for a slot. */
export const useMealSearch = (search: string) =>
  useQuery({
    queryKey: queryKeys.meals.list({ search, category: '', priceRange: '', diet: '', freeFrom: '', picker: true }),
    queryFn: ({ signal }) =>
      fetchEndpoint(routes.meals, { query: { page: 1, limit: mealsPageSize, search }, auth: false, signal }),
    placeholderData: keepPreviousData,
  });

/** Each meal's rating and reservation rate over the last four weeks, beside it while planning. */
export const useMealFeedback = () =>
  useQuery({
    queryKey: queryKeys.feedback.mealFeedback,
    queryFn: ({ signal }) => fetchEndpoint(routes.mealFeedback, { signal }),
    staleTime: 5 * 60_000,
  });

/** Each meal's recent rating and reservation rate by meal id (empty until it arrives, or if it fails). */
export function useFeedbackByMeal() {
  const feedback = useMealFeedback();
  return useMemo(() => new Map((feedback.data?.meals ?? []).map((meal) => [meal.mealId, meal])), [feedback.data]);
}
