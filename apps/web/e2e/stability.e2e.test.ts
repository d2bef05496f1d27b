/**
 * Issue 25, "nothing jumps": across a whole hand of each form, at the four sizes, the
 * page records the boxes of the hand's cards, the trick area, the seats and the felt at
 * every view the server sends (the turn passing, prompts and badges coming and going, meld
 * laid out and folded, Bridge's dummy going down, tricks gathered). Between two views
 * nothing may move by more than 2 px: a seat, the felt, the trick area (once it is there),
 * and each card of the hand (while the hand holds the same cards and the card is not one
 * the player has just chosen). No seat may lie over a card of the trick. The largest moves
 * measured are printed. Every form is held to this at every size, Bridge on phones included.
 *
 * Kept quick without measuring less: the four sizes play at once (a table each), and the
 * tables play at the fast pace (0.5 s after a trick instead of 1.2 s, the lobby's pace
 * setting): every complete trick is still a view of its own, measured like the rest.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { missingBrowser, type Stack, useStack } from './harness.ts';
import { answer, FORMS, type Form, promptNow, startTable, VIEWPORTS } from './table-walk.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title = missing === null ? 'nothing jumps' : `nothing jumps (skipped: ${missing})`;
const LIMIT = 2;

interface Size {
  width: number;
  height: number;
}

/** The sizes to run (KIBITZ_E2E_SIZES="390x844,844x390" narrows them while working). */
const sizes = (
  process.env.KIBITZ_E2E_SIZES?.split(',') ?? VIEWPORTS.map((v) => `${v.width}x${v.height}`)
).map((size): Size => {
  const [width, height] = size.split('x').map(Number);
  return { width: width!, height: height! };
});

interface Snapshot {
  version: string;
  phase: string;
  /** Element name -> [left, top, width, height]. */
  boxes: Record<string, number[]>;
  handKeys: string;
  overlaps: string[];
}

/** Starts recording in the page: a snapshot after each new view is drawn. */
async function record(page: Page): Promise<void> {
  await page.evaluate(() => {
    const snapshots: Snapshot[] = [];
    (window as unknown as { snapshots: Snapshot[] }).snapshots = snapshots;
    const box = (element: Element) => {
      const r = element.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height].map((n) => Math.round(n * 10) / 10);
    };
    const take = () => {
      const root = document.querySelector<HTMLElement>('[data-table-code]');
      const version = root?.dataset.version ?? '';
      const boxes: Record<string, number[]> = {};
      const felt = document.querySelector('[data-zone="felt"]');
      if (felt) boxes.felt = box(felt);
      // By place on the felt: three-person Bridge turns the table once when the contract is
      // made (the blind hand goes opposite the declarer), a rule, not a jump.
      for (const seat of document.querySelectorAll<HTMLElement>('[data-zone="felt"] .seat')) {
        const place = [...seat.classList].find((name) => ['top', 'left', 'right', 'bottom'].includes(name));
        boxes[`seat ${place ?? seat.dataset.seat ?? seat.dataset.hand}`] = box(seat);
      }
      const trick = document.querySelector('[data-zone="felt"] [data-zone="trick"]');
      if (trick) boxes.trick = box(trick);
      // A seat lying over the trick's cards (issue 25: "your seat overlaps the trick area").
      const overlaps: string[] = [];
      for (const card of document.querySelectorAll('[data-zone="felt"] [data-zone="trick"] [data-card]')) {
        const c = card.getBoundingClientRect();
        for (const seat of document.querySelectorAll('[data-zone="felt"] .seat')) {
          const s = seat.getBoundingClientRect();
          const x = Math.min(c.right, s.right) - Math.max(c.left, s.left);
          const y = Math.min(c.bottom, s.bottom) - Math.max(c.top, s.top);
          if (x > 1 && y > 1)
            overlaps.push(
              `${(card as HTMLElement).dataset.card} under a seat by ${Math.round(x)}×${Math.round(y)} px`,
            );
        }
      }
      const cards = [...document.querySelectorAll<HTMLElement>('[data-zone="hand"] [data-card]')];
      for (const card of cards) {
        if (card.getAttribute('aria-pressed') === 'true') continue;
        boxes[`card ${card.dataset.key}`] = box(card);
      }
      snapshots.push({
        version,
        phase: root?.dataset.phase ?? '',
        boxes,
        overlaps,
        handKeys: cards.map((card) => card.dataset.key).join(' '),
      });
    };
    let last = '';
    new MutationObserver(() => {
      const version = document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version ?? '';
      if (version === last) return;
      last = version;
      // Once the view is drawn (and any reduced-motion transition has run).
      requestAnimationFrame(() => requestAnimationFrame(take));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
    take();
  });
}

interface Move {
  what: string;
  px: number;
  from: string;
  to: string;
}

/** Every move between consecutive snapshots, by element. */
function moves(snapshots: Snapshot[]): Move[] {
  const found: Move[] = [];
  for (let i = 1; i < snapshots.length; i++) {
    const before = snapshots[i - 1]!;
    const after = snapshots[i]!;
    for (const [what, a] of Object.entries(before.boxes)) {
      const b = after.boxes[what];
      if (!b) continue;
      // The hand re-centres when a card leaves it: its cards are compared while it holds the same ones.
      if (what.startsWith('card ') && before.handKeys !== after.handKeys) continue;
      const px = Math.max(...a.map((value, index) => Math.abs(value - b[index]!)));
      found.push({
        what,
        px,
        from: `${before.phase}@${before.version}`,
        to: `${after.phase}@${after.version}`,
      });
    }
  }
  return found;
}

/** The version of the view the page shows. */
async function shownVersion(page: Page): Promise<number> {
  return Number((await page.locator('[data-table-code]').getAttribute('data-version')) ?? 0);
}

/** What one size's hand found: its report line, its problems. */
interface Measured {
  line: string;
  problems: string[];
  views: number;
  played: boolean;
}

/** Plays one hand of `form` at `viewport` (a table of its own) and measures every view of it. */
async function handAt(stack: Stack, pageErrors: string[], form: Form, viewport: Size): Promise<Measured> {
  const context = await stack.browser.newContext({
    viewport,
    reducedMotion: 'reduce',
    ...(viewport.width < 900 ? { hasTouch: true, isMobile: true } : {}),
  });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${form.name ?? form.variant}: ${error.message}`));
    await startTable(stack, page, form, { pace: 'fast' });
    await record(page);
    const calls = { n: 0 };
    const deadline = Date.now() + 150_000;
    let played = false;
    while (Date.now() < deadline) {
      const prompt = await promptNow(page);
      // Trick play reached (the host may be Bridge's dummy, with no prompt of their own).
      played ||= (await page.locator('[data-table-code]').getAttribute('data-phase')) === 'play';
      // A hand that ends before trick play (no marriage in trump, passed out) is not enough: on to the next.
      if (prompt === 'over' || (prompt === 'continue' && played)) break;
      const before = await shownVersion(page);
      try {
        if (!(await answer(page, form, calls))) await page.waitForTimeout(40);
      } catch (error) {
        // The table moved on under the action (a newer view took its control away): read it
        // again. An action that fails while the table stands still fails the test.
        if ((await shownVersion(page)) > before) continue;
        throw error;
      }
    }
    await page.waitForTimeout(300);
    const snapshots = await page.evaluate(() => (window as unknown as { snapshots: Snapshot[] }).snapshots);
    const all = moves(snapshots);
    const where = `${form.name ?? form.variant} ${viewport.width}×${viewport.height}`;
    const worst = (prefix: string) =>
      Math.max(0, ...all.filter((move) => move.what.startsWith(prefix)).map((move) => move.px));
    const problems: string[] = [];
    // One line per size: how many views had a seat over the trick, and the worst of them.
    const overlapping = snapshots.filter((snapshot) => snapshot.overlaps.length > 0);
    if (overlapping.length > 0) {
      problems.push(
        `${where}: a seat lies over the trick in ${overlapping.length} views, e.g. ${overlapping[0]!.overlaps[0]} (${overlapping[0]!.phase}@${overlapping[0]!.version})`,
      );
    }
    for (const move of all.filter((entry) => entry.px > LIMIT)) {
      problems.push(`${where}: ${move.what} moved ${move.px} px (${move.from} → ${move.to})`);
    }
    return {
      line: `${where}: ${snapshots.length} views; largest move: seats ${worst('seat')} px, trick ${worst('trick')} px, hand cards ${worst('card')} px, felt ${worst('felt')} px`,
      problems,
      views: snapshots.length,
      played,
    };
  } finally {
    await context.close();
  }
}

suite(title, { timeout: 900_000 }, () => {
  const suiteStack = useStack();

  for (const form of FORMS) {
    it(`${form.name ?? form.variant}: seats, trick and hand stay put across a hand at ${sizes.map((s) => `${s.width}×${s.height}`).join(', ')}`, async () => {
      // The sizes at once, each at a table of its own: the hands wait on the bots and the
      // trick's pause far more than on the machine, and each page measures only itself.
      const measured = await Promise.all(
        sizes.map((viewport) => handAt(suiteStack.stack, suiteStack.pageErrors, form, viewport)),
      );
      console.log(measured.map((entry) => entry.line).join('\n'));
      for (const [index, entry] of measured.entries()) {
        const where = `${form.name ?? form.variant} ${sizes[index]!.width}×${sizes[index]!.height}`;
        expect(entry.views, where).toBeGreaterThan(10);
        expect(entry.played, `${where}: trick play reached`).toBe(true);
      }
      // One line per element and size is enough to read.
      const seen = new Set<string>();
      expect(
        measured
          .flatMap((entry) => entry.problems)
          .filter((problem) => {
            const key = problem.replace(/ moved .*/, '').replace(/card \S+/, 'card');
            if (seen.has(key)) return false;
            seen.add(key);
            return true;
          }),
      ).toEqual([]);
    });
  }
});
