import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type NewReview = {
  comment: string;
  rating: number;
  userName?: string | null;
  email?: string | null;
  img?: string | null;
};

/** POST /api/add-review?mealId=; the meal detail reloads afterwards (its count and rating change). */
export function useAddReview(mealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewReview) =>
      apiRequest<{ modifiedCount: number }>('/add-review', {
        method: 'POST',
        query: { mealId },
        body: {
          comment: review.comment,
          rating: review.rating,
          userName: review.userName || undefined,
          email: review.email || undefined,
          img: review.img || undefined,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.meal(mealId) }),
  });
}
