/**
 * Bot levels in Chromium against the real server: the host picks a level in the seat
 * list before adding each bot, the seats show the levels (desktop 1366×768 and phone
 * 390×844, English and German), and the chosen levels are what the server seated.
 * Screenshots go to test-artifacts/web/botwire-*.png.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitPast } from './driver.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title = missing === null ? 'bot levels in Chromium' : `bot levels in Chromium (skipped: ${missing})`;

suite(title, { timeout: 170_000 }, () => {
  const suiteStack = useStack();

  async function open(size: { width: number; height: number }, locale: 'en' | 'de'): Promise<Page> {
    const phone = size.width < 600;
    const context = await suiteStack.stack.browser.newContext({
      viewport: size,
      reducedMotion: 'reduce',
      ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
    });
    await context.addInitScript((chosen) => localStorage.setItem('kibitz.locale', chosen), locale);
    const page = await context.newPage();
    page.on('pageerror', (error) => suiteStack.pageErrors.push(error.message));
    await page.goto(`${suiteStack.stack.baseUrl}/`);
    return page;
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(artifactsDir, `botwire-${name}.png`) });

  for (const { size, locale, name } of [
    { size: { width: 1366, height: 768 }, locale: 'en', name: '1366' },
    { size: { width: 390, height: 844 }, locale: 'de', name: '390' },
  ] as const) {
    it(`the host adds an easy and a strong bot at ${size.width}×${size.height} (${locale})`, async () => {
      const ann = await open(size, locale);
      await ann.fill('#display-name', 'Ann');
      await ann.check('input[name="variant"][value="cutthroat"]');
      await ann.click('[data-action="create-table"]');
      await ann.waitForURL(/\/t\/[A-Z0-9-]+$/);
      await ann.waitForSelector('[data-viewer="seat-0"]');
      const seatsTab = ann.locator('[data-tab="seats"]');
      if (await seatsTab.isVisible()) await seatsTab.click();
      const level = ann.locator('[data-zone="bot-level"]');
      await level.waitFor();
      expect(await level.inputValue()).toBe('normal');
      await level.selectOption('strong');
      await ann.click('[data-bot-seat="1"]');
      await ann.waitForSelector('[data-bot-seat="1"]', { state: 'detached' });
      await level.selectOption('easy');
      await shot(ann, `seats-${name}`);
      await ann.click('[data-bot-seat="2"]');
      await ann.waitForSelector('[data-bot-seat="2"]', { state: 'detached' });
      // Every seat taken: the choice goes away; the list says who plays how.
      expect(await level.count()).toBe(0);
      const tags = await ann.locator('.people [data-bot-level]').allTextContents();
      expect(tags.map((tag) => tag.trim())).toEqual(
        locale === 'en' ? ['bot · strong', 'bot · easy'] : ['Bot · stark', 'Bot · leicht'],
      );
      await ann.click('[data-action="start-game"]');
      await waitPast(ann, null);
      if (await seatsTab.isVisible()) {
        // The phone's seat list closes again: the table itself shows the levels.
        if ((await seatsTab.getAttribute('aria-expanded')) === 'true') await seatsTab.click();
      }
      const seatTags = await ann.locator('section.seat [data-bot-level]').allTextContents();
      expect(seatTags.map((tag) => tag.trim()).sort()).toEqual(
        (locale === 'en' ? ['bot · easy', 'bot · strong'] : ['Bot · leicht', 'Bot · stark']).sort(),
      );
      await shot(ann, `table-${name}`);
      await ann.context().close();
    });
  }
});
