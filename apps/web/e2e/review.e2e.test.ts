/**
 * The hand review on the replay page (issue 26): a finished Bridge game (four players, one
 * hand) and a finished Cutthroat game, opened with the review on (`/replay/ID#review`, as
 * the game-over panel links to it). The server reviews each game on its bot pool; the page
 * marks every card of the hand (as many marks as the server's review has decisions, each
 * with words), shows the par beside what was taken, and marks the best cards in the hand of
 * the seat to play at a judged card's position. Checked at 1366×768 and 390×844 (axe 0
 * serious/critical), the same pages then turned to 1920×1080 and 844×390; no page-level
 * sideways scroll at any of the four; screenshots of all four go to test-artifacts/web/review/. Skipped, with the reason, where Chromium is not installed.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { type FinishedGame, finishedBotGame } from './bot-game.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title = missing === null ? 'the hand review' : `the hand review (skipped: ${missing})`;

/** The two checked sizes, each with the size the same page is turned to (a wide screen; the phone on its side). */
const SIZES = [
  { width: 1366, height: 768, phone: false, turned: { width: 1920, height: 1080 } },
  { width: 390, height: 844, phone: true, turned: { width: 844, height: 390 } },
] as const;

const FORMS = [
  { form: 'bridge', seats: 4, config: { game: 'auction-bridge', players: 4, handLimit: 1 } },
  { form: 'cutthroat', seats: 3, config: { variant: 'cutthroat', target: { kind: 'score', points: 100 } } },
] as const;

interface Review {
  hands: { hand: number; par: { value: number; actual: number }; decisions: { loss: number }[] }[];
}

const shotsDir = join(artifactsDir, 'review');

suite(title, { timeout: 300_000 }, () => {
  const suiteStack = useStack();
  const games = new Map<string, FinishedGame>();
  let reviews: Review[] = [];

  beforeAll(async () => {
    await mkdir(shotsDir, { recursive: true });
    const finished = await Promise.all(
      FORMS.map(({ config, seats }) => finishedBotGame(suiteStack.stack, config, seats)),
    );
    for (const [index, { form }] of FORMS.entries()) games.set(form, finished[index]!);
    // Both reviews start at once on the server's bot pool; the pages then find them kept.
    reviews = await Promise.all(
      FORMS.map(async ({ form }) => {
        const response = await fetch(`${suiteStack.stack.serverUrl}/api/games/${games.get(form)!.id}/review`);
        expect(response.status).toBe(200);
        return (await response.json()) as Review;
      }),
    );
  }, 200_000);

  for (const { form } of FORMS) {
    it(`${form}: every card of the first reviewed hand is marked, with the par and the best cards`, async () => {
      const game = games.get(form)!;
      // The server's answer, as the page gets it (computed once on the pool, kept for the next look).
      const review = reviews[FORMS.findIndex((entry) => entry.form === form)]!;
      const first = review.hands[0]!;
      expect(first.decisions.length).toBeGreaterThan(0);

      for (const size of SIZES) {
        const context = await suiteStack.stack.browser.newContext({
          viewport: { width: size.width, height: size.height },
          deviceScaleFactor: 1,
          isMobile: size.phone,
          hasTouch: size.phone,
        });
        const page = await context.newPage();
        page.on('pageerror', (error) =>
          suiteStack.pageErrors.push(`${form} ${size.width}: ${error.message}`),
        );
        await page.goto(`${suiteStack.stack.baseUrl}/replay/${game.id}#review`);
        await page.waitForSelector('[data-zone="review"]', { timeout: 60_000 });
        await expect(page.getAttribute('[data-action="review-toggle"]', 'aria-pressed')).resolves.toBe(
          'true',
        );
        // To the first reviewed hand (a passed-out Bridge deal has no play and no review).
        for (let hand = 1; hand < first.hand; hand++)
          await page.getByRole('button', { name: 'Next hand' }).click();

        // Every card played in the hand has its mark, in words for a screen reader.
        const marks = page.locator('[data-zone="review"] [data-mark]');
        await expect(marks.count()).resolves.toBe(first.decisions.length);
        const labels = await marks.evaluateAll((buttons) =>
          buttons.map((b) => b.querySelector('[data-words]')?.textContent ?? ''),
        );
        for (const label of labels)
          expect(label).toMatch(/best card|cost (about )?\d+(\.\d)? (tricks?|points?)/);
        const costly = first.decisions.filter((decision) => decision.loss > 0).length;
        await expect(page.locator('[data-zone="review"] [data-mark="best"]').count()).resolves.toBe(
          first.decisions.length - costly,
        );

        // The par beside what was taken.
        const par = page.locator('[data-zone="review-par"]');
        await expect(par.locator('[data-par]').getAttribute('data-par')).resolves.toBe(
          String(first.par.value),
        );
        await expect(par.locator('[data-actual]').getAttribute('data-actual')).resolves.toBe(
          String(first.par.actual),
        );
        await expect(par.textContent()).resolves.toMatch(
          /^\s*Par.*: (about )?\d+ (tricks?|points?)\s*Taken as played: \d+/,
        );

        // A judged card (a costly one if there is one): the board marks the best cards in the hand to play.
        const target =
          (await page.locator('[data-zone="review"] [data-mark="cost"]').count()) > 0
            ? page.locator('[data-zone="review"] [data-mark="cost"]').first()
            : marks.first();
        await target.click();
        await expect(target.getAttribute('aria-current')).resolves.toBe('step');
        await page.waitForSelector('[data-zone="replay-board"] [data-best]');
        await expect(page.locator('[data-zone="review-next"]').textContent()).resolves.toMatch(/Best: /);
        await expect(page.locator('[data-zone="replay-move"]').count()).resolves.toBe(1);

        await expect(axeViolations(page)).resolves.toEqual([]);
        const look = async ({ width, height }: { width: number; height: number }) => {
          const sideways = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(sideways, `no page-level sideways scroll at ${width}×${height}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: join(shotsDir, `${form}-${width}x${height}.png`) });
        };
        await look(size);
        await page.locator('[data-zone="review"]').screenshot({
          path: join(shotsDir, `${form}-${size.width}x${size.height}-panel.png`),
        });
        // The same page at the other size of its kind: still no sideways scroll, and its picture.
        await page.setViewportSize(size.turned);
        await page.waitForFunction((width) => window.innerWidth === width, size.turned.width);
        await page.locator('[data-zone="review"] [aria-current="step"]').scrollIntoViewIfNeeded();
        await look(size.turned);
        await context.close();
      }
    });
  }

  it('speaks German: the marks, the par and the best cards', async () => {
    const game = games.get('bridge')!;
    const context = await suiteStack.stack.browser.newContext({
      viewport: { width: 1366, height: 768 },
      deviceScaleFactor: 1,
      locale: 'de-DE',
    });
    await context.addInitScript(() => localStorage.setItem('kibitz.locale', 'de'));
    const page = await context.newPage();
    await page.goto(`${suiteStack.stack.baseUrl}/replay/${game.id}#review`);
    await page.waitForSelector('[data-zone="review"]', { timeout: 60_000 });
    for (let hand = 1; hand < reviews[0]!.hands[0]!.hand; hand++)
      await page.getByRole('button', { name: 'Nächstes Spiel' }).click();
    await page.waitForSelector('[data-zone="review"] [data-mark]');
    const words = await page
      .locator('[data-zone="review"] [data-mark] [data-words]')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
    for (const text of words) expect(text).toMatch(/beste Karte|kostete (etwa )?\d+ Stich(e)?/);
    await expect(page.locator('[data-zone="review-par"]').textContent()).resolves.toMatch(
      /Par.*Tatsächlich gemacht/s,
    );
    await page.locator('[data-zone="review"] [data-mark]').nth(5).click();
    await expect(page.locator('[data-zone="review-next"]').textContent()).resolves.toMatch(/Am besten: /);
    await page.screenshot({ path: join(shotsDir, 'bridge-1366x768-de.png') });
    await context.close();
  });
});
