import { describe, expect, it } from 'vitest';
import { adjustAggregate, averageRating } from './rating.js';

describe('averageRating', () => {
  it('rounds to one decimal and is 0 without reviews', () => {
    expect(averageRating(36, 10)).toBe(3.6);
    expect(averageRating(10, 3)).toBe(3.3);
    expect(averageRating(11, 3)).toBe(3.7);
    expect(averageRating(0, 0)).toBe(0);
  });
});

describe('adjustAggregate', () => {
  it('adds, re-rates and removes a review', () => {
    const added = adjustAggregate({ reviewsCount: 2, ratingTotal: 7 }, 1, 5);
    expect(added).toEqual({ reviewsCount: 3, ratingTotal: 12, rating: 4 });
    expect(adjustAggregate(added, 0, -3)).toEqual({ reviewsCount: 3, ratingTotal: 9, rating: 3 });
    expect(adjustAggregate({ reviewsCount: 1, ratingTotal: 4 }, -1, -4)).toEqual({
      reviewsCount: 0,
      ratingTotal: 0,
      rating: 0,
    });
  });

  it('treats a meal without counters as having no reviews', () => {
    expect(adjustAggregate({}, 1, 2)).toEqual({ reviewsCount: 1, ratingTotal: 2, rating: 2 });
  });
});
