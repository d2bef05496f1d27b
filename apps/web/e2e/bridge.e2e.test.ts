/**
 * Auction Bridge in the web client, end to end against the real server: the lobby offers
 * Bridge (four, or three with the blind hand) with its house rules in words; a player
 * opens a Bridge table, fills the seats with bots, bids and plays a hand through the UI
 * while a spectator watches: the spectator gets no hand and no prompt, sees the dummy only
 * after the opening lead, and no card that is not public. Screenshots of every Bridge
 * screen at four sizes (English, and German for the lobby and a spectator) go to
 * test-artifacts/web/bridge-*.png; each is checked for a page that does not scroll and,
 * for the player, a hand that lies on screen.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BridgeSpectatorWatch, leadMade } from './bridge-spectator.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title = missing === null ? 'Bridge in Chromium' : `Bridge in Chromium (skipped: ${missing})`;

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
] as const;

interface TableRead {
  phase: string;
  version: number;
  call: boolean;
  handCard: string | null;
  dummyCard: string | null;
  continue: boolean;
  over: boolean;
}

async function readTable(page: Page): Promise<TableRead> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-table-code]');
    const legal = (zone: string) =>
      document.querySelector<HTMLElement>(`[data-zone="${zone}"] button[data-legal]`)?.dataset.card ?? null;
    return {
      phase: root?.dataset.phase ?? '',
      version: Number(root?.dataset.version ?? 0),
      call: document.querySelector('[data-prompt="call"]') !== null,
      handCard: legal('hand'),
      dummyCard: legal('dummy'),
      continue: document.querySelector('[data-action="continue"]') !== null,
      over: document.querySelector('[data-zone="game-over"]') !== null,
    };
  });
}

suite(title, { timeout: 300_000 }, () => {
  const suiteStack = useStack();
  const layout: string[] = [];

  async function newPage(locale: 'en' | 'de' = 'en'): Promise<Page> {
    const context = await suiteStack.stack.browser.newContext({
      viewport: { width: 1366, height: 768 },
      reducedMotion: 'reduce',
    });
    await context.addInitScript((chosen) => localStorage.setItem('kibitz.locale', chosen), locale);
    const page = await context.newPage();
    page.on('pageerror', (error) => suiteStack.pageErrors.push(`${page.url()}: ${error.message}`));
    return page;
  }

  /**
   * The page at every size: a screenshot each, and what a card player would notice: a
   * page that scrolls, a hand (or the bidding box) off screen.
   */
  async function shots(page: Page, name: string, { table = true } = {}): Promise<void> {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(200);
      const where = `${name} ${viewport.width}×${viewport.height}`;
      if (table) {
        const measured = await page.evaluate(() => {
          const box = (selector: string) => {
            const element = document.querySelector(selector);
            if (!element) return null;
            const rect = element.getBoundingClientRect();
            return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
          };
          return {
            scroll: document.scrollingElement!.scrollHeight - window.innerHeight,
            hand: box('[data-zone="hand"]'),
            box: box('[data-prompt="call"]'),
            dummy: box('[data-zone="dummy"]'),
          };
        });
        if (measured.scroll > 1) layout.push(`${where}: the page scrolls by ${measured.scroll}px`);
        for (const [zone, rect] of Object.entries({
          hand: measured.hand,
          'bidding box': measured.box,
          dummy: measured.dummy,
        })) {
          if (rect === null) continue;
          if (rect.bottom > viewport.height + 1 || rect.right > viewport.width + 1 || rect.top < -1) {
            layout.push(`${where}: the ${zone} is cut off (${JSON.stringify(rect)})`);
          }
        }
      }
      await page.screenshot({
        path: join(artifactsDir, `bridge-${name}-${viewport.width}x${viewport.height}.png`),
      });
    }
    await page.setViewportSize(VIEWPORTS[0]);
  }

  it('offers Bridge for four and for three in the lobby, with every house rule in words', async () => {
    const page = await newPage();
    await page.goto(`${suiteStack.stack.baseUrl}/`);
    await page.fill('#display-name', 'Ann');
    await expect.poll(() => page.locator('input[name="variant"][value="auction-bridge-3"]').count()).toBe(1);
    await page.check('input[name="variant"][value="auction-bridge"]');
    const rules = page.locator('[data-zone="house-rules"]');
    await expect.poll(() => rules.locator('h3').first().textContent()).toContain('Auction Bridge');
    for (const option of [
      'royalAuction',
      'royalNoTrumpValue',
      'nullo',
      'nulloTrickValue',
      'handLimit',
      'fourHonours',
    ]) {
      expect(await rules.locator(`[data-option="${option}"]`).count(), option).toBe(1);
    }
    const text = (await rules.textContent()) ?? '';
    expect(text).toContain('Chicago style');
    expect(text).toContain('a full rubber');
    expect(text).not.toMatch(/royalAuction|handLimit|nulloTrickValue|ace-king-queen-jack/);
    await rules.scrollIntoViewIfNeeded();
    await shots(page, 'lobby', { table: false });

    const german = await newPage('de');
    await german.goto(`${suiteStack.stack.baseUrl}/`);
    await german.check('input[name="variant"][value="auction-bridge-3"]');
    const deRules = german.locator('[data-zone="house-rules"]');
    await expect.poll(() => deRules.locator('h3').first().textContent()).toContain('Auction-Bridge zu dritt');
    expect(await deRules.textContent()).toContain('Chicago-Stil');
    await deRules.scrollIntoViewIfNeeded();
    await german.screenshot({ path: join(artifactsDir, 'bridge-lobby-de-1366x768.png') });
    await german.setViewportSize(VIEWPORTS[2]);
    await deRules.scrollIntoViewIfNeeded();
    await german.screenshot({ path: join(artifactsDir, 'bridge-lobby-de-390x844.png') });
    await german.context().close();
    await page.context().close();
  });

  it('plays a Bridge hand with bots while a spectator sees the dummy only after the opening lead', async () => {
    const host = await newPage();
    await host.goto(`${suiteStack.stack.baseUrl}/`);
    await host.fill('#display-name', 'Ann');
    await host.check('input[name="variant"][value="auction-bridge"]');
    // Chicago style, one hand: the rubber's end (and Play again) comes after this hand.
    await host.check('#create-handLimit-set');
    await host.fill('#create-handLimit', '1');
    await host.click('[data-action="create-table"]');
    await host.waitForURL(/\/t\/[A-Z0-9-]+$/);
    const code = host.url().split('/t/')[1]!;
    await host.waitForSelector('[data-viewer="seat-0"]');
    expect(await host.locator('[data-table-code]').getAttribute('data-game')).toBe('auction-bridge');
    for (const seat of [1, 2, 3]) {
      await host.click(`[data-bot-seat="${seat}"]`);
      await host.waitForSelector(`[data-bot-seat="${seat}"]`, { state: 'detached' });
    }

    const spectatorPage = await newPage();
    const spectator = new BridgeSpectatorWatch(spectatorPage);
    await spectatorPage.goto(`${suiteStack.stack.baseUrl}/t/${code}`);
    await spectatorPage.waitForSelector('[data-zone="spectator-banner"]');
    const germanPage = await newPage('de');
    const german = new BridgeSpectatorWatch(germanPage);
    await germanPage.goto(`${suiteStack.stack.baseUrl}/t/${code}`);
    await germanPage.waitForSelector('[data-zone="spectator-banner"]');

    await host.click('[data-action="start-game"]');
    await host.waitForSelector('[data-table-code][data-phase="auction"]');

    const problems: string[] = [];
    const shot = { auction: false, play: false, over: false };
    let spectatorSawDummy = false;
    let calls = 0;
    let playSteps = 0;
    /** Trick play with the dummy down, a few moves in: the screens of play, once. */
    const duringPlay = async (phase: string) => {
      // A bots-only trick is mostly its pause ('trick-end'): both count as trick play.
      if (phase !== 'play' && phase !== 'trick-end') return;
      if ((await spectatorPage.locator('[data-zone="dummy"]').count()) === 0) return;
      spectatorSawDummy = true;
      playSteps++;
      if (shot.play || playSteps < 3) return;
      shot.play = true;
      await shots(host, 'play-player');
      await shots(spectatorPage, 'play-spectator');
      await shots(germanPage, 'play-spectator-de');
    };
    for (let step = 0; step < 3000; step++) {
      const state = await readTable(host);
      if (state.over) break;
      if (state.call) {
        if (!shot.auction) {
          shot.auction = true;
          problems.push(...(await spectator.check(state.version)));
          await shots(host, 'auction-player');
          await shots(spectatorPage, 'auction-spectator');
          await shots(germanPage, 'auction-spectator-de');
        }
        // Open 1 NT at the first chance (the host may then declare, and play from the dummy); pass after.
        const open = calls === 0 ? host.locator('[data-bid="1NT"]:not([disabled])') : null;
        if (open && (await open.count()) > 0) await open.click();
        else await host.click('[data-prompt="call"] [data-action="pass"]');
        calls++;
      } else if (state.handCard !== null || state.dummyCard !== null) {
        const zone = state.handCard !== null ? 'hand' : 'dummy';
        // The card's corner index: the part of an overlapped card (a dummy column, a fanned hand) a player can see and click.
        await host.click(`[data-zone="${zone}"] button[data-card="${state.handCard ?? state.dummyCard}"]`, {
          position: { x: 6, y: 6 },
        });
      } else if (state.continue) {
        await host.click('[data-action="continue"]');
      } else {
        // Someone else's turn (the host may be the dummy): the spectator is checked meanwhile.
        await host.waitForTimeout(60);
        await duringPlay(state.phase);
        if (step % 10 === 0) problems.push(...(await spectator.check(state.version)));
        continue;
      }
      await host.waitForFunction(
        (before) =>
          Number(document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version) > before,
        state.version,
        { timeout: 15_000, polling: 25 },
      );
      const now = await readTable(host);
      if (step % 3 === 0 || now.phase === 'play') problems.push(...(await spectator.check(now.version)));
      await duringPlay(now.phase);
    }
    await host.waitForSelector('[data-zone="game-over"] [data-action="play-again"]', { timeout: 30_000 });
    await spectatorPage.waitForSelector('[data-zone="outcome"]', { timeout: 30_000 });
    await shots(host, 'over-player');
    await shots(spectatorPage, 'over-spectator');

    problems.push(...german.leaks);
    expect(problems).toEqual([]);
    // The host bid (and played, unless their partner declared and they were the dummy).
    expect(calls).toBeGreaterThan(0);
    expect(
      shot.play,
      `phases seen: ${[...new Set(spectator.views.map((view) => view.phase))].join(' ')}`,
    ).toBe(true);
    expect(spectatorSawDummy).toBe(true);
    // On the wire: with the contract made the dummy stayed hidden until the lead, then everyone saw it.
    const withContract = spectator.views.filter(
      (view) => view.contract !== null && view.phase !== 'hand-end',
    );
    expect(withContract.some((view) => !leadMade(view) && view.dummy === null)).toBe(true);
    expect(withContract.some((view) => leadMade(view) && (view.dummy?.length ?? 0) > 0)).toBe(true);
    expect(layout).toEqual([]);
  });
});
