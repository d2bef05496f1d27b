/**
 * The replay page, for a finished game of each of the five forms (Auction West, Cutthroat,
 * Double Deck, Bridge for four and for three with the blind hand), at 1366×768 and 390×844:
 * stepped through move by move to the end, the board changes with every move, the move
 * line names each one, and the last frame shows the game's own result (the server's export:
 * the points of every side, and the winner). Screenshots of the first deal, the first
 * complete trick and the end go to test-artifacts/web/replay-<form>-<width>-*.png.
 * Skipped, with the reason, where Chromium is not installed.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FinishedGame, finishedBotGame } from './bot-game.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title = missing === null ? 'replays of every form' : `replays of every form (skipped: ${missing})`;

const SIZES = [
  { width: 1366, height: 768, phone: false },
  { width: 390, height: 844, phone: true },
] as const;

const FORMS = [
  {
    form: 'auction-west',
    seats: 3,
    config: { variant: 'auction-west', target: { kind: 'score', points: 100 } },
  },
  { form: 'cutthroat', seats: 3, config: { variant: 'cutthroat', target: { kind: 'score', points: 100 } } },
  { form: 'double-deck', seats: 4, config: { variant: 'double-deck', target: 50 } },
  { form: 'bridge-4', seats: 4, config: { game: 'auction-bridge', players: 4, handLimit: 1 } },
  { form: 'bridge-3', seats: 3, config: { game: 'auction-bridge', players: 3, handLimit: 1 } },
] as const;

interface Frame {
  index: number;
  last: number;
  board: string;
  move: string;
  trick: number;
}

function readFrame(page: Page): Promise<Frame> {
  return page.evaluate(() => {
    const range = document.querySelector<HTMLInputElement>('input[type="range"]');
    const board = document.querySelector('[data-zone="replay-board"]');
    return {
      index: Number(range?.value ?? -1),
      last: Number(range?.max ?? -1),
      board: board?.innerHTML ?? '',
      move: document.querySelector('[data-zone="replay-move"]')?.textContent?.trim() ?? '',
      trick: board?.querySelectorAll('[data-zone="trick"] [data-card], .trick [data-card]').length ?? 0,
    };
  });
}

suite(title, { timeout: 600_000 }, () => {
  const suiteStack = useStack();
  const games = new Map<string, FinishedGame>();

  beforeAll(async () => {
    // The five games play at once: the server runs them side by side.
    const finished = await Promise.all(
      FORMS.map(({ config, seats }) => finishedBotGame(suiteStack.stack, config, seats)),
    );
    for (const [index, { form }] of FORMS.entries()) games.set(form, finished[index]!);
  }, 300_000);

  for (const { form } of FORMS) {
    it(`${form}: a finished game replays move by move to its result`, async () => {
      const game = games.get(form)!;
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
        await page.goto(`${suiteStack.stack.baseUrl}/replay/${game.id}`);
        await page.waitForSelector('[data-zone="replay-board"]');
        const shot = (name: string) =>
          page.screenshot({
            path: join(artifactsDir, `replay-${form}-${size.width}-${name}.png`),
            fullPage: true,
          });
        await expect(page.locator('[role="alert"]').count()).resolves.toBe(0);

        let frame = await readFrame(page);
        expect(frame.index).toBe(0);
        // Every logged move has its frame (plus a closing frame per hand and the deals).
        expect(frame.last).toBeGreaterThanOrEqual(game.actions);
        await shot('start');
        let trickShot = false;
        const moves = new Set<string>();
        while (frame.index < frame.last) {
          const before = frame;
          await page.click('[data-action="replay-next"]');
          await page.waitForFunction(
            (index) =>
              Number(document.querySelector<HTMLInputElement>('input[type="range"]')?.value) === index,
            before.index + 1,
            { timeout: 5000, polling: 10 },
          );
          frame = await readFrame(page);
          expect(frame.board, `frame ${frame.index} of ${form} looks like the one before`).not.toBe(
            before.board,
          );
          expect(frame.move).not.toBe('');
          moves.add(frame.move);
          if (!trickShot && frame.trick >= 3 && /plays/.test(frame.move)) {
            trickShot = true;
            await shot('trick');
          }
        }
        expect(trickShot, 'a complete trick was on the board').toBe(true);
        expect(moves.size).toBeGreaterThan(frame.last / 2);

        // The end: the game's own result, as the server keeps it.
        const totals = await page
          .locator('[data-zone="replay-score"] [data-total]')
          .evaluateAll((cells) => cells.map((cell) => Number((cell as HTMLElement).dataset.total)));
        expect(totals).toEqual(game.scores);
        await expect(page.locator('[data-zone="replay-board"] [data-zone="outcome"]').count()).resolves.toBe(
          1,
        );
        await shot('end');
        await context.close();
      }
    });
  }
});
