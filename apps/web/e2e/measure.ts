/**
 * Measures the table page as issue 8 asks, against the real server and a production
 * build (the e2e harness): the page height during trick play at 1366×768 and the first
 * contentful paint of the table page (Chromium's Performance API), median of several
 * fresh loads. Run: `npx tsx apps/web/e2e/measure.ts` (prints JSON).
 */
import { actOnce, readPage } from './driver.ts';
import { startStack } from './harness.ts';

const LOADS = 7;

const stack = await startStack();
try {
  const context = await stack.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}/`);
  await page.fill('#display-name', 'Ann');
  await page.check('input[name="variant"][value="double-deck"]');
  await page.click('[data-action="create-table"]');
  await page.waitForURL(/\/t\/[A-Z0-9-]+$/);
  const code = page.url().split('/t/')[1] ?? '';
  // Before issue 8 the creator had to take a seat; after it they sit in seat 0 at once.
  await page.waitForSelector('[data-viewer="seat-0"], [data-action="sit"][data-seat-button="0"]');
  if ((await page.locator('[data-viewer="seat-0"]').count()) === 0) {
    await page.click('[data-action="sit"][data-seat-button="0"]');
    await page.waitForSelector('[data-viewer="seat-0"]');
  }
  for (const seat of [1, 2, 3]) {
    await page.click(`[data-bot-seat="${seat}"]`);
    await page.waitForSelector(`[data-bot-seat="${seat}"]`, { state: 'detached' });
  }
  await page.click('[data-action="start-game"]');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version);
  // Into trick play, a card or more on the table.
  for (let i = 0; i < 200; i++) {
    const state = await readPage(page);
    if (state.phase === 'play' && state.trick > 0 && state.hand.length < 20) break;
    if (!(await actOnce(page, { bids: true }))) await page.waitForTimeout(50);
  }
  const state = await readPage(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);

  const paints: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const watcher = await stack.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const view = await watcher.newPage();
    await view.goto(`${stack.baseUrl}/t/${code}`);
    await view.waitForSelector('[data-zone="trick"], [data-phase="play"]');
    const fcp = await view.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    );
    paints.push(Math.round(fcp));
    await watcher.close();
  }
  paints.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        viewport: '1366x768',
        phase: state.phase,
        cardsInHand: state.hand.length,
        pageHeightPx: height,
        firstContentfulPaintMs: { median: paints[Math.floor(paints.length / 2)], all: paints },
      },
      null,
      2,
    ),
  );
  await context.close();
} finally {
  await stack.close();
}
