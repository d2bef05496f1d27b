/**
 * Issue 25, "nothing hidden": every prompt of every form, at 1366×768, 1920×1080, 390×844
 * and 844×390, in English and in German. A human (seat 0) plays a hand among bots through
 * the UI; at each prompt the page first shows, each of the prompt's controls (and the
 * result panel's, with its Continue) must lie inside the viewport and inside its own box
 * (the prompt slot, the result panel, the game's end) with no scrolling, and that box must not scroll
 * itself. axe-core (English) finds no serious or critical violation at any of them. At
 * 390×844 every card of the hand shows its corner index (Double Deck: 20 cards).
 * Screenshots: test-artifacts/web/prompt-<form>-<prompt>-<locale>-<w>x<h>.png.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';
import { answer, FORMS, promptNow, startTable, VIEWPORTS } from './table-walk.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title =
  missing === null ? 'every prompt fits its place' : `every prompt fits its place (skipped: ${missing})`;

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Place {
  zone: string;
  box: Rect;
  /** How far the place's content overflows it (it would scroll): px down, px across. */
  overflow: { y: number; x: number };
  /** Inner scroll boxes that do scroll, with by how much. */
  scrollers: string[];
  controls: { name: string; box: Rect }[];
}

/** The prompt slot and the result panel (where they are), with their controls' boxes. */
function measurePlaces(page: Page): Promise<Place[]> {
  return page.evaluate(() => {
    const rect = (element: Element) => {
      const r = element.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const places: Place[] = [];
    for (const zone of ['prompt-slot', 'hand-result', 'game-over', 'hand', 'dummy']) {
      const place = document.querySelector<HTMLElement>(`[data-zone="${zone}"]`);
      if (!place) continue;
      const scrollers: string[] = [];
      for (const inner of place.querySelectorAll<HTMLElement>('*')) {
        const style = getComputedStyle(inner);
        const scrolls =
          (/(auto|scroll)/.test(style.overflowY) && inner.scrollHeight > inner.clientHeight + 1) ||
          (/(auto|scroll)/.test(style.overflowX) && inner.scrollWidth > inner.clientWidth + 1);
        if (scrolls) scrollers.push(`${inner.tagName.toLowerCase()}.${inner.className}`);
      }
      places.push({
        zone,
        box: rect(place),
        overflow: {
          y: Math.max(0, place.scrollHeight - place.clientHeight),
          x: Math.max(0, place.scrollWidth - place.clientWidth),
        },
        scrollers,
        controls: [...place.querySelectorAll<HTMLElement>('button, select, input, a[href]')]
          .filter((control) => control.getClientRects().length > 0)
          .map((control) => ({
            name: (
              control.dataset.action ??
              control.dataset.bid ??
              control.dataset.suit ??
              control.textContent ??
              ''
            )
              .trim()
              .slice(0, 24),
            box: rect(control),
          })),
      });
    }
    return places;
  });
}

const inside = (inner: Rect, outer: Rect) =>
  inner.left >= outer.left - 1 &&
  inner.top >= outer.top - 1 &&
  inner.right <= outer.right + 1 &&
  inner.bottom <= outer.bottom + 1;

suite(title, { timeout: 600_000 }, () => {
  const suiteStack = useStack();

  for (const form of FORMS) {
    it(`${form.name ?? form.variant}: each prompt's controls lie on screen and in their box, English and German, four sizes`, async () => {
      const context = await suiteStack.stack.browser.newContext({
        viewport: VIEWPORTS[0],
        reducedMotion: 'reduce',
      });
      await context.addInitScript(() => localStorage.setItem('kibitz.locale', 'en'));
      const page = await context.newPage();
      page.on('pageerror', (error) =>
        suiteStack.pageErrors.push(`${form.name ?? form.variant}: ${error.message}`),
      );
      // The fast pace (the lobby's table setting, 0.5 s after a trick): nothing here looks at a
      // trick while it waits, and the hand reaches its last prompts sooner.
      await startTable(suiteStack.stack, page, form, { pace: 'fast' });

      const problems: string[] = [];
      const seen = new Set<string>();
      /** The hand sizes whose indexes were checked at 390×844. */
      const handSizes = new Set<number>();
      const look = async (prompt: string) => {
        for (const locale of ['en', 'de'] as const) {
          await page.selectOption('header select', locale);
          for (const viewport of VIEWPORTS) {
            await page.setViewportSize(viewport);
            // Laid out at the new size: two frames.
            await page.evaluate(
              () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
            );
            const where = `${form.name ?? form.variant} ${prompt} ${locale} ${viewport.width}×${viewport.height}`;
            const places = await measurePlaces(page);
            if (!places.some((place) => place.controls.length > 0)) problems.push(`${where}: no control`);
            const screen = { left: 0, top: 0, right: viewport.width, bottom: viewport.height };
            for (const place of places) {
              if (place.overflow.y > 1 || place.overflow.x > 1)
                problems.push(`${where}: ${place.zone} scrolls ${JSON.stringify(place.overflow)}`);
              for (const scroller of place.scrollers)
                problems.push(`${where}: ${place.zone} has a scroller ${scroller}`);
              for (const control of place.controls) {
                if (!inside(control.box, screen))
                  problems.push(`${where}: "${control.name}" off screen ${JSON.stringify(control.box)}`);
                if (!inside(control.box, place.box))
                  problems.push(`${where}: "${control.name}" outside the ${place.zone}`);
              }
            }
            if (viewport.width === 390) {
              // Every card's corner index (rank and suit) is in view: the card itself is
              // what lies on top at the index's corners and centre, not its neighbour.
              const hidden = await page.evaluate(() =>
                [...document.querySelectorAll<HTMLElement>('[data-zone="hand"] [data-card]')].flatMap(
                  (card) => {
                    const index = card.querySelector('.index')?.getBoundingClientRect();
                    if (!index) return [`${card.dataset.card}: no index`];
                    const points = [
                      [index.left + 2, index.top + 2],
                      [index.right - 2, index.top + 2],
                      [index.left + 2, index.bottom - 2],
                      [index.right - 2, index.bottom - 2],
                      [(index.left + index.right) / 2, (index.top + index.bottom) / 2],
                    ];
                    return points.some(([x, y]) => !card.contains(document.elementFromPoint(x!, y!)))
                      ? [`${card.dataset.card} (${Math.round(index.width)}×${Math.round(index.height)} px)`]
                      : [];
                  },
                ),
              );
              for (const card of hidden) problems.push(`${where}: the index of ${card} is covered`);
              handSizes.add(await page.locator('[data-zone="hand"] [data-card]').count());
            }
            await page.screenshot({
              path: join(
                artifactsDir,
                `prompt-${form.name ?? form.variant}-${prompt}-${locale}-${viewport.width}x${viewport.height}.png`,
              ),
            });
            if (locale === 'en') {
              for (const violation of await axeViolations(page))
                problems.push(
                  `${where}: axe ${violation.impact} ${violation.id} ${violation.targets.join(' ')}`,
                );
            }
          }
        }
        await page.selectOption('header select', 'en');
        await page.setViewportSize(VIEWPORTS[0]);
      };

      // The prompts a declaring side meets in this form, each looked at: hands are played
      // until all have come (the bots may take the bid, or pass it to the dealer unasked).
      const expected = form.bridge
        ? ['call', 'play', 'over']
        : form.rules !== undefined
          ? ['bid', 'name-trump', 'request-suit', 'pass-cards', 'play', 'continue']
          : form.variant === 'double-deck'
            ? ['bid', 'name-trump', 'play', 'continue']
            : ['bid', 'discard', 'name-trump', 'play', 'continue'];
      const calls = { n: 0 };
      const deadline = Date.now() + 300_000;
      while (Date.now() < deadline) {
        const prompt = await promptNow(page);
        if (prompt !== null && !seen.has(prompt)) {
          seen.add(prompt);
          await look(prompt);
        }
        if (expected.every((kind) => seen.has(kind))) break;
        if (prompt === 'over') {
          // A one-hand Bridge game where the host was the dummy has no play prompt of
          // theirs: the table plays again (the bots agree at once) until it has come.
          await page.click('[data-zone="game-over"] [data-action="play-again"]');
          await page.waitForSelector('[data-zone="game-over"]', { state: 'detached', timeout: 30_000 });
          calls.n = 0;
          continue;
        }
        if (!(await answer(page, form, calls))) await page.waitForTimeout(40);
      }
      expect([...seen].sort(), `prompts seen`).toEqual(expect.arrayContaining(expected));
      if (form.variant === 'double-deck') expect([...handSizes]).toContain(20);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
