import { formatCents, formatCount, formatPrice, formatRating, formatRelativeTime, formatWaitingTime } from './format';

test('prices show a dollar sign and cents', () => {
  expect(formatPrice(12.5)).toBe('$12.50');
});

test("Stripe's cents show as the same prices", () => {
  expect(formatCents(1523)).toBe('$15.23');
  expect(formatCents(3149)).toBe(formatPrice(31.49));
});

test('ratings show one decimal', () => {
  expect(formatRating(4)).toBe('4.0');
  expect(formatRating(3.46)).toBe('3.5');
});

test('times show relative to now', () => {
  const now = Date.parse('2024-05-10T12:00:00Z');
  expect(formatRelativeTime('2024-05-10T09:00:00Z', now)).toBe('3 hours ago');
  expect(formatRelativeTime('2024-05-09T12:00:00Z', now)).toBe('yesterday');
  expect(formatRelativeTime(null, now)).toBe('');
});

test('counts read in the right number', () => {
  expect(formatCount(1, 'review')).toBe('1 review');
  expect(formatCount(0, 'review')).toBe('0 reviews');
  expect(formatCount(12, 'meal')).toBe('12 meals');
});

test('waiting times read in minutes, hours and days, rounded down', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  expect(formatWaitingTime('2026-11-23T11:59:30Z', now)).toBe('waiting under 1 min');
  expect(formatWaitingTime('2026-11-23T11:48:00Z', now)).toBe('waiting 12 min');
  expect(formatWaitingTime('2026-11-23T11:47:01Z', now)).toBe('waiting 12 min');
  expect(formatWaitingTime('2026-11-23T09:55:00Z', now)).toBe('waiting 2 h 5 min');
  expect(formatWaitingTime('2026-11-23T10:00:00Z', now)).toBe('waiting 2 h');
  expect(formatWaitingTime('2026-11-22T09:00:00Z', now)).toBe('waiting 1 d 3 h');
  // A clock a little behind the server's never shows a negative wait.
  expect(formatWaitingTime('2026-11-23T12:00:40Z', now)).toBe('waiting under 1 min');
  expect(formatWaitingTime(null, now)).toBe('');
  expect(formatWaitingTime('not a time', now)).toBe('');
});
