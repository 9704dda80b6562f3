// The Menu Planner's week fits its screen: on a laptop (1280 px, seven day columns side by
// side) and on a phone (390 px, one day under another), every action of a day stays inside
// that day's card, and the page never scrolls sideways. A component test renders no layout,
// so this is measured in the browser.
import { expect, test, type Locator } from './support/test.js';
import { useSavedSignIn } from './support/auth.js';
import { apiTokenFor, demoAdmin, insertThroughApi, mainHall, mealBody, unique } from './dashboard-fixtures.js';

type MenuAnswer = { days: { date: string }[] };

/** Fails naming `what` when `inner`'s box is not wholly inside `outer`'s (half a pixel allowed for rounding). */
async function expectInside(inner: Locator, outer: Locator, what: string) {
  const [box, bounds] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!box || !bounds) throw new Error(`${what} is not laid out`);
  const edges = {
    left: box.x - bounds.x,
    right: bounds.x + bounds.width - (box.x + box.width),
    top: box.y - bounds.y,
    bottom: bounds.y + bounds.height - (box.y + box.height),
  };
  for (const [edge, room] of Object.entries(edges))
    expect(room, `${what} overflows its card on the ${edge} by ${-room}px`).toBeGreaterThanOrEqual(-0.5);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
])
  test(`the planner's actions stay inside their day's card at ${viewport.width} px`, async ({
    page,
    request,
  }, testInfo) => {
    // A long title, as a real dish has, on today's lunch (the planner opens on this week).
    const title = unique('Slow-roasted Aubergine with Pomegranate');
    const adminToken = await apiTokenFor(request, demoAdmin);
    const mealId = await insertThroughApi(request, adminToken, '/add-meal', mealBody(title));
    const today = ((await (await request.get('/api/menu?days=1')).json()) as MenuAnswer).days[0]!.date;
    await insertThroughApi(request, adminToken, '/servings', {
      hallId: mainHall,
      mealId,
      date: today,
      slot: 'lunch',
      capacity: 40,
    });

    await page.setViewportSize(viewport);
    await useSavedSignIn(page, 'admin');
    await page.goto('/dashboard/menu-planner');
    const day = page.getByTestId(`planner-day-${today}`);
    const serving = day.getByRole('listitem').filter({ hasText: title });
    await expect(serving).toContainText('0/40');
    await page.screenshot({ path: testInfo.outputPath(`menu-planner-${viewport.width}.png`), fullPage: true });

    for (const action of ['Change', 'Remove']) {
      const button = serving.getByRole('button', { name: new RegExp(`^${action} `) });
      await expectInside(button, serving, `${action} of ${title}`);
      await expectInside(button, day, `${action} of ${title}`);
    }
    // Every button of the day at one instant: journeys beside this one change today's menu, and
    // a button looked up one by one may be gone by the time it is measured.
    const overflowing = await day.evaluate((card) => {
      const bounds = card.getBoundingClientRect();
      return Array.from(card.querySelectorAll('button'))
        .filter((button) => button.getClientRects().length > 0)
        .filter((button) => {
          const box = button.getBoundingClientRect();
          return (
            box.left < bounds.left - 0.5 ||
            box.right > bounds.right + 0.5 ||
            box.top < bounds.top - 0.5 ||
            box.bottom > bounds.bottom + 0.5
          );
        })
        .map((button) => button.innerText);
    });
    expect(overflowing, `buttons of ${today} outside its card`).toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, 'how far the page scrolls sideways').toBeLessThanOrEqual(0);
  });
