import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { startsLiveData } from './live-pages';

describe('where live data starts', () => {
  it('starts on the dashboard’s pages but the meal pass', () => {
    expect(startsLiveData(paths.dashboard.requestedMeals)).toBe(true);
    expect(startsLiveData(paths.dashboard.serveMeals)).toBe(true);
    expect(startsLiveData(paths.dashboard.mealPass)).toBe(false);
    expect(startsLiveData(`${paths.dashboard.mealPass}/`)).toBe(false);
  });
});
