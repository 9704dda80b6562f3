import { formatPrice, formatRelativeTime } from './format';

test('prices show a dollar sign and cents', () => {
  expect(formatPrice(12.5)).toBe('$12.50');
});

test('times show relative to now', () => {
  const now = Date.parse('2024-05-10T12:00:00Z');
  expect(formatRelativeTime('2024-05-10T09:00:00Z', now)).toBe('3 hours ago');
  expect(formatRelativeTime('2024-05-09T12:00:00Z', now)).toBe('yesterday');
  expect(formatRelativeTime(null, now)).toBe('');
});
