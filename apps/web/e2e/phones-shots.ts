/**
 * Screenshots of the table as a player sees it on phones and desktops (issue 25, second
 * pass): Bridge four- and three-handed during the auction and with the dummy down and a
 * trick on the table, Double Deck with the meld shown. Each moment is shot at the four
 * sizes into test-artifacts/web/phones/, with the seats', the trick's and the dummy's boxes
 * and any seat lying over a trick card printed.
 *
 *   npx tsx apps/web/e2e/phones-shots.ts [variant ...]
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir, startStack } from './harness.ts';
import { answer, FORMS, type Form, promptNow, startTable, VIEWPORTS } from './table-walk.ts';

const out = join(artifactsDir, 'phones');
await mkdir(out, { recursive: true });
const chosen = process.argv.slice(2);
const forms = FORMS.filter(
  (form) => form.name === undefined && (chosen.length === 0 || chosen.includes(form.variant)),
);

/** What the page shows now that is worth a picture, or null. */
async function moment(page: Page, form: Form): Promise<string | null> {
  return page.evaluate((bridge) => {
    const phase = document.querySelector<HTMLElement>('[data-table-code]')?.dataset.phase ?? '';
    const trick = document.querySelectorAll('[data-zone="felt"] [data-zone="trick"] [data-card]').length;
    if (bridge) {
      if (phase === 'auction' && document.querySelectorAll('[data-zone="auction"] [data-call]').length >= 1)
        return 'auction';
      if (document.querySelector('[data-zone="dummy"]') && trick >= 2) return 'play';
      return null;
    }
    if (document.querySelector('[data-zone="meld-board"], .meld-board')) return 'meld';
    if (phase === 'play' && trick >= 2) return 'play';
    return null;
  }, form.bridge);
}

/** The boxes, as text (a string for the page: tsx's helpers do not exist there). */
const MEASURE = `(() => {
  const lines = [];
  function box(element) {
    const r = element.getBoundingClientRect();
    return Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + '×' + Math.round(r.height);
  }
  for (const seat of document.querySelectorAll('[data-zone="felt"] .seat'))
    lines.push('seat ' + (seat.dataset.position || seat.className) + ': ' + box(seat));
  for (const zone of ['felt', 'trick', 'dummy', 'contract', 'auction', 'meld-board', 'prompt-slot', 'hand']) {
    const element = document.querySelector('[data-zone="' + zone + '"]');
    if (element) lines.push(zone + ': ' + box(element));
  }
  for (const card of document.querySelectorAll('[data-zone="felt"] [data-zone="trick"] [data-card]')) {
    const c = card.getBoundingClientRect();
    for (const seat of document.querySelectorAll('[data-zone="felt"] .seat')) {
      const s = seat.getBoundingClientRect();
      const x = Math.min(c.right, s.right) - Math.max(c.left, s.left);
      const y = Math.min(c.bottom, s.bottom) - Math.max(c.top, s.top);
      if (x > 1 && y > 1) lines.push('OVERLAP ' + card.dataset.card + ' ' + Math.round(x) + '×' + Math.round(y));
    }
  }
  lines.push('page ' + document.documentElement.scrollWidth + '×' + document.documentElement.scrollHeight);
  return lines;
})()`;

const measure = (page: Page): Promise<string[]> => page.evaluate(MEASURE);

const stack = await startStack();
try {
  for (const form of forms) {
    const context = await stack.browser.newContext({ viewport: VIEWPORTS[2], reducedMotion: 'reduce' });
    const page = await context.newPage();
    await startTable(stack, page, form);
    const wanted = form.bridge ? ['auction', 'play'] : ['meld', 'play'];
    const shot = new Set<string>();
    const calls = { n: 0 };
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && shot.size < wanted.length) {
      const prompt = await promptNow(page);
      // Shot while the human is to act: the bots wait, so every size shows the same moment.
      const now = prompt === null ? null : await moment(page, form);
      if (now !== null && !shot.has(now)) {
        shot.add(now);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.waitForTimeout(120);
          const name = `${form.variant}-${now}-${viewport.width}x${viewport.height}`;
          await page.screenshot({ path: join(out, `${name}.png`) });
          console.log(`${name}\n  ${(await measure(page)).join('\n  ')}`);
        }
        await page.setViewportSize(VIEWPORTS[2]);
      }
      if (prompt === 'over') break;
      if (!(await answer(page, form, calls))) await page.waitForTimeout(40);
    }
    await context.close();
  }
} finally {
  await stack.close();
}
