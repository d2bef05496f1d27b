/**
 * The table as a card table (issue 8), in Chromium against the real server: during trick
 * play every card of your hand, the trick and the prompt lie inside the screen at four
 * sizes; axe-core finds no serious or critical violation in any phase; a paced hand shows
 * its last trick and then the result to a spectator; Continue deals the next hand; a
 * German player plays a whole hand by keyboard only and reads no English on the way.
 * Screenshots go to test-artifacts/web/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../src/lib/i18n.ts';
import { axeViolations, type Violation } from './axe.ts';
import { actOnce, focusInfo, keyboardLog, playUntil, readPage, tabTo, waitPast } from './driver.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title =
  missing === null ? 'the card table in Chromium' : `the card table in Chromium (skipped: ${missing})`;

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
] as const;

/** English texts of the catalog that German replaces (long enough not to be a name or a word both share). */
const ENGLISH = Object.entries(CATALOGS.en)
  .filter(([key, text]) => text !== CATALOGS.de[key as keyof typeof CATALOGS.de])
  .map(([, text]) => text.split(/\{\w+\}/)[0]!.trim())
  .filter((text) => text.length >= 9);

suite(title, { timeout: 170_000 }, () => {
  const suiteStack = useStack();

  async function open(path: string, locale: 'en' | 'de' = 'en'): Promise<Page> {
    const context = await suiteStack.stack.browser.newContext({
      viewport: { width: 1366, height: 768 },
      reducedMotion: 'reduce',
    });
    await context.addInitScript((chosen) => localStorage.setItem('kibitz.locale', chosen), locale);
    const page = await context.newPage();
    page.on('pageerror', (error) => suiteStack.pageErrors.push(`${path}: ${error.message}`));
    await page.goto(`${suiteStack.stack.baseUrl}${path}`);
    return page;
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(artifactsDir, `${name}.png`) });

  /** Opens a table from the lobby; the creator sits in seat 0 (taking it by hand on an older server). */
  async function openTable(page: Page, name: string, variant: string): Promise<string> {
    await page.fill('#display-name', name);
    await page.check(`input[name="variant"][value="${variant}"]`);
    await page.click('[data-action="create-table"]');
    await page.waitForURL(/\/t\/[A-Z0-9-]+$/);
    await page.waitForSelector('[data-viewer="seat-0"], [data-action="sit"][data-seat-button="0"]');
    if ((await page.locator('[data-viewer="seat-0"]').count()) === 0) {
      await page.click('[data-action="sit"][data-seat-button="0"]');
      await page.waitForSelector('[data-viewer="seat-0"]');
    }
    return page.url().split('/t/')[1]!;
  }

  /** Runs axe once per phase a page shows; collects the violations under the phase's name. */
  function axePerPhase(page: Page, found: Record<string, Violation[]>) {
    return async () => {
      const { phase } = await readPage(page);
      if (phase === '' || phase in found) return;
      found[phase] = await axeViolations(page);
    };
  }

  it('fits one screen at 1366×768, 1920×1080, 390×844 and 844×390 during trick play; axe is clean in every phase; Continue deals on', async () => {
    const ann = await open('/');
    const code = await openTable(ann, 'Ann', 'double-deck');
    for (const seat of [1, 2, 3]) {
      await ann.click(`[data-bot-seat="${seat}"]`);
      await ann.waitForSelector(`[data-bot-seat="${seat}"]`, { state: 'detached' });
    }
    const found: Record<string, Violation[]> = { waiting: await axeViolations(ann) };
    await ann.click('[data-action="start-game"]');
    await waitPast(ann, null);
    const axeNow = axePerPhase(ann, found);

    // Into trick play, at Ann's turn with cards on the table. A bot may concede a hopeless
    // contract, ending a hand before that: Ann then presses Continue and it is the next
    // hand's turn. Bounded by time, not by a count of polls, which a loaded machine runs out of.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      await axeNow();
      const now = await readPage(ann);
      if (now.prompt === 'play' && now.trick > 0) break;
      if (!(await actOnce(ann, { bids: true, continues: true }))) await ann.waitForTimeout(40);
    }
    const state = await readPage(ann);
    const hand = state.handsScored + 1;
    expect(state.prompt).toBe('play');
    expect(state.trick).toBeGreaterThan(0);

    for (const viewport of VIEWPORTS) {
      await ann.setViewportSize(viewport);
      await ann.waitForTimeout(120);
      const boxes = await ann.evaluate(() => {
        const box = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        };
        return {
          hand: [...document.querySelectorAll('[data-zone="hand"] [data-card]')].map(box),
          trick: [...document.querySelectorAll('[data-zone="trick"] [data-card]')].map(box),
          prompt: [...document.querySelectorAll('[data-prompt]')].map(box),
          page: {
            width: document.documentElement.scrollWidth,
            height: document.documentElement.scrollHeight,
          },
        };
      });
      const where = `${viewport.width}×${viewport.height}`;
      expect(boxes.hand.length, where).toBe(state.hand.length);
      expect(boxes.trick.length, where).toBe(state.trick);
      expect(boxes.prompt.length, where).toBeGreaterThan(0);
      for (const [zone, list] of Object.entries({
        hand: boxes.hand,
        trick: boxes.trick,
        prompt: boxes.prompt,
      })) {
        for (const box of list) {
          const inside =
            box.left >= 0 && box.top >= 0 && box.right <= viewport.width && box.bottom <= viewport.height;
          expect(inside, `${where}: a ${zone} box ${JSON.stringify(box)} leaves the screen`).toBe(true);
        }
      }
      // Nothing to scroll to: the page is the screen.
      expect(boxes.page, where).toEqual({ width: viewport.width, height: viewport.height });
      await shot(ann, `table-${viewport.width}x${viewport.height}`);
      expect(await axeViolations(ann), where).toEqual([]);
    }
    await ann.setViewportSize(VIEWPORTS[0]);

    // The rest of the hand: the completed trick stays with its winner, then the result panel.
    let sawTrickEnd = false;
    await playUntil([{ page: ann, strategy: { bids: true } }], {
      afterAction: async () => {
        await axeNow();
        if ((await readPage(ann)).phase === 'trick-end' && !sawTrickEnd) {
          sawTrickEnd = true;
          await expect(ann.locator('[data-zone="trick"] .winner').count()).resolves.toBe(1);
          await shot(ann, 'trick-end');
        }
      },
      done: async () => {
        await axeNow();
        return (await readPage(ann)).phase === 'hand-end';
      },
      maxActions: 200,
    });
    await ann.waitForSelector('[data-zone="hand-result"]');
    await axeNow();
    await shot(ann, 'hand-result');
    const result = await ann.locator('[data-zone="hand-result"]').textContent();
    expect(result).toContain(`Hand ${hand}: the result`);
    expect(result).toMatch(/Ann & Bot 3/);
    expect(result).toMatch(/Continue/);
    // Continue: Ann is the only human, so the next deal starts.
    await ann.click('[data-action="continue"]');
    await expect.poll(async () => (await readPage(ann)).phase, { timeout: 15_000 }).toBe('bidding');
    expect((await readPage(ann)).handsScored).toBe(hand);
    expect(found).toHaveProperty('trick-end');
    expect(found).toHaveProperty('hand-end');
    for (const [phase, violations] of Object.entries(found)) expect(violations, phase).toEqual([]);

    // Leaving the seat mid-game asks first and says what happens (no bot stand-in here: the seat is held).
    await ann.click('[data-action="leave-seat"]');
    const dialog = ann.locator('dialog[open][data-zone="leave-seat"]');
    await expect(dialog.textContent()).resolves.toMatch(/your seat is held for you for \d+ s/);
    expect(await axeViolations(ann)).toEqual([]);
    await ann.click('[data-action="leave-cancel"]');
    await expect.poll(() => ann.locator('dialog[open]').count()).toBe(0);
    expect((await readPage(ann)).viewer).toBe('seat-0');
    await ann.context().close();
    void code;
  });

  it('a German player plays a whole hand by keyboard only; a spectator sees the last trick, then the result; no English on the way', async () => {
    const bea = await open('/', 'de');
    const code = await openTable(bea, 'Bea', 'auction-west');
    const watcher = await open(`/t/${code}`, 'de');
    await watcher.waitForSelector('[data-zone="spectator-banner"]');
    // The watcher's page writes down every moment it shows.
    await watcher.evaluate(() => {
      const moments: { phase: string; trick: number; result: boolean }[] = [];
      (window as unknown as { moments: typeof moments }).moments = moments;
      const note = () => {
        const phase = document.querySelector<HTMLElement>('[data-table-code]')?.dataset.phase ?? '';
        const trick = document.querySelectorAll('[data-zone="trick"] [data-card]').length;
        const result = document.querySelector('[data-zone="hand-result"]') !== null;
        const last = moments.at(-1);
        if (!last || last.phase !== phase || last.trick !== trick || last.result !== result) {
          moments.push({ phase, trick, result });
        }
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    // Seats filled and the game started from the keyboard: focus goes on to the next control each time.
    await tabTo(bea, '[data-bot-seat="1"]', 60);
    await bea.keyboard.press('Enter');
    await expect.poll(async () => (await focusInfo(bea)).action).toBe('add-bot');
    await expect
      .poll(() => bea.evaluate(() => (document.activeElement as HTMLElement).dataset.botSeat))
      .toBe('2');
    await bea.keyboard.press('Enter');
    await expect.poll(async () => (await focusInfo(bea)).action).toBe('start-game');
    await bea.keyboard.press('Enter');
    await waitPast(bea, null);

    const english: string[] = [];
    const found: Record<string, Violation[]> = {};
    const checkPage = async () => {
      for (const page of [bea, watcher]) {
        // Every text of the table page, the closed drawers' and the hidden labels' included.
        const text = (await page.locator('[data-table-code]').textContent()) ?? '';
        for (const phrase of ENGLISH) if (text.includes(phrase)) english.push(phrase);
      }
      await axePerPhase(bea, found)();
    };
    keyboardLog.length = 0;
    await playUntil([{ page: bea, strategy: { bids: true, keyboard: true, continues: true } }], {
      afterAction: checkPage,
      done: async () => {
        await checkPage();
        return (await readPage(bea)).handsScored >= 1;
      },
      maxActions: 120,
    });
    await shot(bea, 'german-keyboard');
    // Every prompt found the keyboard focus already in the hand or at the prompt.
    expect(keyboardLog.length).toBeGreaterThan(5);
    expect(keyboardLog.filter((entry) => !entry.inHand && !entry.inPrompt)).toEqual([]);
    expect([...new Set(english)]).toEqual([]);
    await expect(bea.locator('[data-zone="turn"]').textContent()).resolves.toMatch(
      /Reizen|Spiel|Stich|Du bist dran|Warten/,
    );

    // The watcher saw the hand's last trick complete on the table, then the result panel.
    const moments = await watcher.evaluate(
      () => (window as unknown as { moments: { phase: string; trick: number; result: boolean }[] }).moments,
    );
    const resultAt = moments.findIndex((moment) => moment.result);
    expect(resultAt).toBeGreaterThan(0);
    const before = moments.slice(0, resultAt).filter((moment) => moment.phase !== 'hand-end');
    expect(before.at(-1)).toEqual({ phase: 'trick-end', trick: 3, result: false });
    for (const [phase, violations] of Object.entries(found)) expect(violations, phase).toEqual([]);
    await bea.context().close();
    await watcher.context().close();
  });
});
