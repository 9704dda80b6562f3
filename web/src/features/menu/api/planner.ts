// The admin's calls on the menu (docs/api.md "Menu"): each refreshes every menu on success,
// and on a failure too, since a refusal (409) means the planner shows an out-of-date week.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mealsPageSize } from '@hostelhub/contracts';
import type {
  Deleted,
  Inserted,
  MealsPage,
  Modified,
  ServingBody,
  ServingPatchBody,
  WeekCopied,
} from '@hostelhub/contracts';
import { apiGet, apiRequest } from '@/lib/api-client';
import { invalidateMenu, queryKeys } from '@/lib/query-keys';

const useMenuMutation = <Variables, Answer>(call: (variables: Variables) => Promise<Answer>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => invalidateMenu(queryClient) });
};

const post = async <Answer>(path: string, body: unknown, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST') =>
  (await apiRequest<Answer>(path, { method, body })).data;

const servingPath = (id: string) => `/servings/${encodeURIComponent(id)}`;
const closedDayPath = (date: string) => `/closed-days/${encodeURIComponent(date)}`;

export const useAddServing = () => useMenuMutation((body: ServingBody) => post<Inserted>('/servings', body));

export const useUpdateServing = () =>
  useMenuMutation(({ id, patch }: { id: string; patch: ServingPatchBody }) =>
    post<Modified>(servingPath(id), patch, 'PATCH'),
  );

export const useDeleteServing = () =>
  useMenuMutation(async (id: string) => (await apiRequest<Deleted>(servingPath(id), { method: 'DELETE' })).data);

export const useCloseDay = () =>
  useMenuMutation(({ date, note }: { date: string; note: string }) =>
    post<Modified>(closedDayPath(date), { note }, 'PUT'),
  );

export const useReopenDay = () =>
  useMenuMutation(async (date: string) => (await apiRequest<Deleted>(closedDayPath(date), { method: 'DELETE' })).data);

export const useCopyWeek = () =>
  useMenuMutation((weeks: { fromWeek: string; toWeek: string }) => post<WeekCopied>('/menu/copy-week', weeks));

/** The catalogue's search (GET /meals, the Meals page's), to pick a meal for a slot. */
export const useMealSearch = (search: string) =>
  useQuery({
    queryKey: queryKeys.meals.list({ search, category: '', priceRange: '', picker: true }),
    queryFn: ({ signal }) =>
      apiGet<MealsPage>('/meals', { query: { page: 1, limit: mealsPageSize, search }, auth: false, signal }),
    placeholderData: keepPreviousData,
  });
