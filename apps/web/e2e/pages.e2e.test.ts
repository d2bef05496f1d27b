/**
 * The lobby, the create-table form (every variant, common and more rules and the table
 * settings open) and the replay page, in German, at 1366×768 and 390×844: axe-core finds
 * no serious or critical violation, no English text is shown, and a screenshot of each
 * goes to test-artifacts/web/. Then the form opens a table for real, and on a page where
 * the clipboard is blocked (plain http on a LAN address) "Copy the link" falls back to a
 * selected field. Skipped, with the reason, where Chromium is not installed.
 */
import { join } from 'node:path';
import { VARIANTS } from '@kibitz/rules/pinochle';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedBotGame } from './bot-game.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';
import {
  axeViolations,
  DESKTOP,
  englishOn,
  englishOnly,
  germanContext,
  isSerious,
  PHONE,
  type Violation,
} from './pages-axe.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title =
  missing === null ? 'pages in German, with axe' : `pages in German, with axe (skipped: ${missing})`;
const SIZES = [
  { size: DESKTOP, name: '1366' },
  { size: PHONE, name: '390' },
] as const;

function listed(violations: Violation[]): string {
  return violations
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.targets.join(', ')}`)
    .join('\n');
}

suite(title, { timeout: 240_000 }, () => {
  const suiteStack = useStack();
  const english = englishOnly();

  async function open(path: string, size: typeof DESKTOP | typeof PHONE): Promise<Page> {
    const context = await germanContext(suiteStack.stack.browser, size);
    const page = await context.newPage();
    page.on('pageerror', (error) => suiteStack.pageErrors.push(`${path}: ${error.message}`));
    await page.goto(`${suiteStack.stack.baseUrl}${path}`);
    return page;
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });

  /** No serious or critical axe violation, German only, and a screenshot. */
  async function check(page: Page, name: string): Promise<Violation[]> {
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    const violations = await axeViolations(page);
    expect(listed(violations.filter(isSerious)), name).toBe('');
    expect(await englishOn(page, english), name).toEqual([]);
    await shot(page, name);
    return violations;
  }

  it('the create-table form of every variant, common rules, more rules and table settings open', async () => {
    for (const { size, name } of SIZES) {
      const page = await open('/', size);
      for (const variant of VARIANTS) {
        await page.check(`input[name="variant"][value="${variant}"]`);
        await page.click('[data-group="advanced"] > summary');
        await page.evaluate(() => {
          for (const details of document.querySelectorAll<HTMLDetailsElement>('[data-group="settings"]')) {
            details.open = true;
          }
        });
        await expect.poll(() => page.locator('[data-group="advanced"][open]').count()).toBe(1);
        // The "default: 0" beside a box of 50: the bid-step rows show no default of their own.
        expect(await page.locator('[data-option="bidIncrements.from"] [data-default]').count()).toBe(0);
        const violations = await check(page, `create-${variant}-de-${name}`);
        console.info(`create ${variant} ${name}: axe, minor and moderate: ${listed(violations) || 'none'}`);
        // Close "more rules" for the next variant's form (it is drawn anew, closed).
        if ((await page.locator('[data-group="advanced"][open]').count()) > 0) {
          await page.click('[data-group="advanced"] > summary');
        }
      }
      await page.context().close();
    }
  });

  it('the form opens a table; where the clipboard is blocked the link is offered selected', async () => {
    const page = await open('/', DESKTOP);
    // As over plain http on a LAN address: no secure context, so no Clipboard API.
    await page.context().addInitScript(() => {
      Object.defineProperty(window, 'isSecureContext', { value: false });
      Object.defineProperty(navigator, 'clipboard', { value: undefined });
    });
    await page.reload();
    await page.fill('#display-name', 'Anna');
    await page.check('input[name="variant"][value="double-deck"]');
    await page.check('text=Tisch in der Lobby zeigen');
    await page.click('[data-action="create-table"]');
    await page.waitForURL(/\/t\/[A-Z0-9-]+$/);
    const code = page.url().split('/t/')[1]!;
    await page.click('[data-action="copy-link"]');
    const field = page.locator('[data-zone="link-field"]');
    await field.waitFor();
    expect(await field.inputValue()).toBe(`${suiteStack.stack.baseUrl}/t/${code}`);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    expect(await field.getAttribute('aria-label')).toBe('Link zu diesem Tisch');
    const selected = await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement | null;
      return input?.dataset.zone === 'link-field'
        ? input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)
        : '';
    });
    expect(selected).toBe(`${suiteStack.stack.baseUrl}/t/${code}`);
    // Chromium still copies a selection on a click ("Kopiert"); a browser that does not says how.
    await expect
      .poll(() => page.locator('[data-zone="copy-feedback"]').textContent())
      .toMatch(/^(Kopiert|Zum Kopieren Strg\+C drücken)$/);
    expect(await page.locator('[data-zone="copy-feedback"]').getAttribute('role')).toBe('status');
    await shot(page, 'copy-link-fallback-de-1366');

    // The table's house rules on demand: in words, grouped, German, nothing serious for axe.
    await page.click('[data-action="show-rules"]');
    const dialog = 'dialog[aria-labelledby="rules-title"]';
    await page.waitForSelector(`${dialog}[open]`);
    const text = (await page.locator(dialog).textContent()) ?? '';
    expect(text).toContain('Übliche Regeln');
    expect(text).toContain('ab 50 um 1, ab 60 um 5');
    // The pace sets the pause after each trick (CONTRACT Agreement 2); the table's
    // own override (trickPauseMs) is not shown in the page.
    expect(text).toContain('Tempo: Normal (Bots 0,7 s, Stich 1,2 s)');
    expect(text).not.toMatch(/trickPauseMs|bidIncrements|not-required|\[00\d\]/);
    expect(listed((await axeViolations(page, dialog)).filter(isSerious))).toBe('');
    expect(await englishOn(page, english)).toEqual([]);
    await page.locator(dialog).screenshot({ path: join(artifactsDir, 'rules-dialog-de-1366.png') });
    await page.keyboard.press('Escape');

    // The host's own edit form: the same groups and words, the table settings below.
    await page.click('[data-action="edit-rules"]');
    const host = '[data-zone="host"]';
    await page.waitForSelector(`${host} [data-group="common"]`);
    await page.click(`${host} [data-group="advanced"] > summary`);
    expect(await page.locator(`${host} [data-option="settings.seatGraceSeconds"]`).count()).toBe(1);
    expect(listed((await axeViolations(page, host)).filter(isSerious))).toBe('');
    expect(await englishOn(page, english)).toEqual([]);
    await page.locator(host).screenshot({ path: join(artifactsDir, 'host-rules-de-1366.png') });
    await page.context().close();
  });

  it('the lobby, with a listed table', async () => {
    for (const { size, name } of SIZES) {
      const page = await open('/', size);
      await page.waitForSelector('#display-name');
      await page.waitForSelector('[data-zone="house-rules"]');
      // The table opened by the form above is listed, with its links to join and watch.
      await page.waitForSelector('[data-table]', { timeout: 10_000 });
      const violations = await check(page, `lobby-de-${name}`);
      console.info(`lobby ${name}: axe, minor and moderate: ${listed(violations) || 'none'}`);
      await page.context().close();
    }
  });

  it('the replay page', async () => {
    const { id: gameId } = await finishedBotGame(
      suiteStack.stack,
      { variant: 'cutthroat', target: { kind: 'score', points: 100 } },
      3,
    );
    for (const { size, name } of SIZES) {
      const page = await open(`/replay/${gameId}`, size);
      await page.waitForSelector('[data-zone="replay-move"]');
      // On into the play of a hand (the bots may pass a few hands out first), two cards in.
      const move = page.locator('[data-zone="replay-move"]');
      for (let i = 0; i < 200 && !/spielt/.test((await move.textContent()) ?? ''); i++) {
        await page.click('[data-action="replay-next"]');
      }
      for (let i = 0; i < 2; i++) await page.click('[data-action="replay-next"]');
      expect(await move.textContent()).toMatch(/spielt|Stich/);
      const violations = await check(page, `replay-de-${name}`);
      console.info(`replay ${name}: axe, minor and moderate: ${listed(violations) || 'none'}`);
      await page.context().close();
    }
  });
});
