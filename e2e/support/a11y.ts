// axe-core on the page as it stands: every WCAG 2.x A/AA rule and axe's best practices, in
// every frame. A serious or critical finding fails the journey, listed with the elements it
// names, so the report says what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function expectNoSeriousA11yViolations(page: Page, state?: string) {
  // Colours are measured as they end up: let fades and slide-ins (a dialog opening) finish.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Only violations are read: axe then records one node of each passing rule instead of every one.
  const { violations } = await new AxeBuilder({ page })
    .withTags(tags)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ` +
        violation.nodes
          .map((node) => `${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`)
          .join(', '),
    );
  const where = new URL(page.url()).pathname + (state ? ` (${state})` : '');
  expect(serious, `serious or critical axe violations on ${where}`).toEqual([]);
}
