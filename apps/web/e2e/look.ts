/** Scratch: screenshots of a bot game at the four viewports (not a test). */
import { actOnce, readPage } from './driver.ts';
import { startStack } from './harness.ts';

const variant = process.argv[2] ?? 'double-deck';
const out = process.argv[3] ?? '/tmp/wt/shots';
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
];
const stack = await startStack();
try {
  const context = await stack.browser.newContext({
    viewport: { width: 1366, height: 768 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.goto(`${stack.baseUrl}/`);
  await page.fill('#display-name', 'Ann');
  await page.check(`input[name="variant"][value="${variant}"]`);
  await page.click('[data-action="create-table"]');
  await page.waitForURL(/\/t\/[A-Z0-9-]+$/);
  await page.waitForSelector('[data-viewer="seat-0"], [data-action="sit"][data-seat-button="0"]');
  if ((await page.locator('[data-viewer="seat-0"]').count()) === 0) {
    await page.click('[data-action="sit"][data-seat-button="0"]');
    await page.waitForSelector('[data-viewer="seat-0"]');
  }
  await page.screenshot({ path: `${out}/pregame.png` });
  const seats = variant === 'double-deck' ? [1, 2, 3] : [1, 2];
  for (const seat of seats) {
    await page.click(`[data-bot-seat="${seat}"]`);
    await page.waitForSelector(`[data-bot-seat="${seat}"]`, { state: 'detached' });
  }
  await page.click('[data-action="start-game"]');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version);
  const shots = async (name: string) => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(100);
      await page.screenshot({ path: `${out}/${name}-${viewport.width}x${viewport.height}.png` });
      const h = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(name, viewport.width, viewport.height, 'scrollHeight', h);
      if (h > viewport.height) {
        const over = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((e) => e.getBoundingClientRect().bottom > innerHeight + 1 && e.offsetParent !== null)
            .slice(0, 8)
            .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().bottom)}`),
        );
        console.log(over.join('\n'));
      }
    }
    await page.setViewportSize(VIEWPORTS[0]!);
  };
  let bidShot = false;
  for (let i = 0; i < 300; i++) {
    const state = await readPage(page);
    if (state.prompt === 'bid' && !bidShot) {
      bidShot = true;
      await shots('bid');
    }
    if (
      state.phase === 'play' &&
      state.trick > 0 &&
      state.hand.length < (variant === 'double-deck' ? 19 : 14)
    )
      break;
    if (!(await actOnce(page, { bids: true }))) await page.waitForTimeout(50);
  }
  await shots('play');
} finally {
  await stack.close();
}
