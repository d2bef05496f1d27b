/**
 * Pace and hints in Chromium against the real server (issues 25 and 26): the host picks a
 * fast pace and turns hints on in the create form, changes the pace in the host panel
 * while the game runs, and the browser remembers it for the next table; on Ann's turn the
 * Hint button marks the card the search chose, nothing in the hand moves, and her seat
 * shows the count. Screenshots go to test-artifacts/web/pace-hints/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { actOnce, readPage, waitPast } from './driver.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title =
  missing === null ? 'pace and hints in Chromium' : `pace and hints in Chromium (skipped: ${missing})`;
const dir = join(artifactsDir, 'pace-hints');

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
] as const;

suite(title, { timeout: 170_000 }, () => {
  const suiteStack = useStack();
  const shot = (page: Page, name: string) => page.screenshot({ path: join(dir, `${name}.png`) });

  const handBoxes = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-zone="hand"] [data-card]')].map((card) => {
        const rect = card.getBoundingClientRect();
        return [rect.left, rect.top, rect.width, rect.height];
      }),
    );

  it('the pace is set, changed mid-game and remembered; a hint marks a card, counts at the seat and moves nothing', async () => {
    await mkdir(dir, { recursive: true });
    const context = await suiteStack.stack.browser.newContext({
      viewport: VIEWPORTS[0],
      reducedMotion: 'reduce',
    });
    await context.addInitScript(() => localStorage.setItem('kibitz.locale', 'en'));
    const ann = await context.newPage();
    ann.on('pageerror', (error) => suiteStack.pageErrors.push(error.message));
    await ann.goto(`${suiteStack.stack.baseUrl}/`);
    await ann.fill('#display-name', 'Ann');
    await ann.check('input[name="variant"][value="cutthroat"]');
    await ann.click('details[data-group="settings"] summary');
    const pace = ann.locator('[data-option="settings.pace"] select');
    expect(await pace.locator('option:checked').textContent()).toBe('Normal (bots 0.7 s, trick 1.2 s)');
    await pace.selectOption({ label: 'Fast (bots 0.25 s, trick 0.5 s)' });
    await ann.check('[data-option="settings.hints"] input[type="checkbox"]');
    await ann.click('[data-action="create-table"]');
    await ann.waitForURL(/\/t\/[A-Z0-9-]+$/);
    await ann.waitForSelector('[data-viewer="seat-0"]');
    for (const seat of [1, 2]) {
      await ann.click(`[data-bot-seat="${seat}"]`);
      await ann.waitForSelector(`[data-bot-seat="${seat}"]`, { state: 'detached' });
    }
    const hostPace = ann.locator('#host-pace');
    expect(await hostPace.inputValue()).toBe('fast');
    await ann.click('[data-action="start-game"]');
    await waitPast(ann, null);

    // While the game runs the host slows the table down; the server takes it.
    await hostPace.selectOption('relaxed');
    await expect.poll(() => hostPace.inputValue()).toBe('relaxed');
    await ann.locator('[data-zone="host"]').scrollIntoViewIfNeeded();
    await shot(ann, 'host-panel-1366x768');
    await ann.locator('[data-zone="host"]').screenshot({ path: join(dir, 'host-panel-only-1366x768.png') });

    // Into the card play, at Ann's turn; she asks for a hint until one names a card (the
    // search may also say to concede), playing a card between asks.
    const button = ann.locator('[data-action="hint"]');
    const hinted = ann.locator('[data-zone="hand"] [data-hinted]');
    const said = ann.locator('[data-zone="hint"] [role="status"]');
    let asked = 0;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const now = await readPage(ann);
      if (now.prompt !== 'play') {
        if (!(await actOnce(ann, { bids: true, continues: true }))) await ann.waitForTimeout(40);
        continue;
      }
      const before = await handBoxes(ann);
      expect(await button.isEnabled()).toBe(true);
      // Keyboard usable: focus it and press Enter.
      await button.focus();
      await ann.keyboard.press('Enter');
      asked++;
      await expect
        .poll(async () => (await said.textContent())?.trim() ?? '', { timeout: 30_000 })
        .not.toBe('');
      // Nothing in the hand moved when the hint came.
      const after = await handBoxes(ann);
      expect(after.length).toBe(before.length);
      const moved = after.flatMap((box, i) => box.map((value, k) => Math.abs(value - before[i]![k]!)));
      expect(Math.max(0, ...moved)).toBeLessThanOrEqual(2);
      await ann.locator(`.seat [data-hints="${asked}"]`).waitFor();
      expect(await ann.locator('[data-seat-row="0"] [data-hint-count]').textContent()).toContain(
        `${asked} hint`,
      );
      if (/^Hint: Ann plays /.test((await said.textContent()) ?? '')) break;
      expect(await hinted.count()).toBe(0);
      await actOnce(ann, { bids: true }, now.version);
    }
    expect(await hinted.count()).toBe(1);
    expect(await hinted.getAttribute('aria-label')).toMatch(/the hint$/);
    for (const viewport of VIEWPORTS) {
      await ann.setViewportSize(viewport);
      await ann.waitForTimeout(150);
      await shot(ann, `hint-${viewport.width}x${viewport.height}`);
    }
    // The host panel on a phone upright: in the table's drawer.
    await ann.setViewportSize(VIEWPORTS[2]);
    await ann.click('[data-tab="table"]');
    await ann.locator('[data-zone="host"]').scrollIntoViewIfNeeded();
    await ann.waitForTimeout(150);
    await shot(ann, 'host-panel-390x844');
    await ann.click('[data-action="close-panel"]');
    await ann.setViewportSize(VIEWPORTS[0]);
    const serious = (await axeViolations(ann)).filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious).toEqual([]);

    // The browser remembers the host's last pace as the next table's.
    const lobby = await context.newPage();
    await lobby.goto(`${suiteStack.stack.baseUrl}/`);
    await lobby.click('details[data-group="settings"] summary');
    expect(await lobby.locator('[data-option="settings.pace"] select option:checked').textContent()).toBe(
      'Relaxed (bots 1.2 s, trick 2 s)',
    );
    await context.close();
  });
});
