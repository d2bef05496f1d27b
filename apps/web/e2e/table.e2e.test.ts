/**
 * The web client end to end, against the real server: people open a table, join it by
 * its link, play a whole hand through the UI, watch without seeing hidden cards, reload
 * mid-trick and carry on, and replay the finished game. Screenshots go to
 * test-artifacts/web/. Skipped, with the reason, where Chromium is not installed.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { clickCard, playUntil, readPage, waitPast } from './driver.ts';
import { artifactsDir, missingBrowser, useStack } from './harness.ts';
import { SpectatorWatch } from './spectator.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title = missing === null ? 'web client in Chromium' : `web client in Chromium (skipped: ${missing})`;

// Paced hands (a completed trick stays 1.2 s, the result panel up to 10 s) take their time.
suite(title, { timeout: 240_000 }, () => {
  const suiteStack = useStack();

  async function open(path: string, options: { phone?: boolean } = {}): Promise<Page> {
    const context = await suiteStack.stack.newContext(options);
    const page = await context.newPage();
    page.on('pageerror', (error) => suiteStack.pageErrors.push(`${path}: ${error.message}`));
    await page.goto(`${suiteStack.stack.baseUrl}${path}`);
    return page;
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });

  /** Opens a table from the lobby with some house rules set through the generated form. */
  async function openTable(page: Page, name: string, variant: string, rules: (page: Page) => Promise<void>) {
    await page.fill('#display-name', name);
    await page.check(`input[name="variant"][value="${variant}"]`);
    await rules(page);
    await page.check('text=List this table in the lobby');
    await page.click('[data-action="create-table"]');
    await page.waitForURL(/\/t\/[A-Z0-9-]+$/);
    const code = page.url().split('/t/')[1]!;
    // The creator sits in seat 0 on arrival (issue 8); an older server needed a click.
    await page.waitForSelector('[data-viewer="seat-0"], [data-action="sit"][data-seat-button="0"]');
    if ((await page.locator('[data-viewer="seat-0"]').count()) === 0) {
      await page.click('[data-action="sit"][data-seat-button="0"]');
      await page.waitForSelector('[data-viewer="seat-0"]');
    }
    return code;
  }

  /** Joins by the table's link (as a friend who got it would), with a name, into a seat. */
  async function joinByLink(code: string, name: string, seat: number, options: { phone?: boolean } = {}) {
    const page = await open(`/t/${code}`, options);
    await page.waitForSelector('[data-zone="spectator-banner"]');
    await page.fill('#watch-name', name);
    await page.click(`[data-zone="spectator-banner"] [data-seat-button="${seat}"]`);
    await page.waitForSelector(`[data-viewer="seat-${seat}"]`);
    return page;
  }

  it('three players play a Cutthroat hand through the UI; a spectator sees nothing hidden; a reload keeps the seat', async () => {
    const ann = await open('/');
    await shot(ann, 'lobby');
    const code = await openTable(ann, 'Ann', 'cutthroat', async (page) => {
      // A low target ends the game after this hand, so its replay can be shown too.
      await page.fill('#create-target-points', '100');
    });

    // The table is listed in the lobby, with its seats.
    const lobby = await open('/');
    await expect.poll(() => lobby.locator(`[data-table="${code}"]`).count(), { timeout: 10_000 }).toBe(1);
    await expect(lobby.locator(`[data-table="${code}"]`).textContent()).resolves.toContain(
      '1 of 3 seats taken',
    );
    await lobby.context().close();

    const bo = await joinByLink(code, 'Bo', 1);
    const cy = await joinByLink(code, 'Cy', 2);
    const watcher = await open(`/t/${code}`);
    const spectator = new SpectatorWatch(watcher);
    await watcher.waitForSelector('[data-zone="spectator-banner"]');

    // Chat: players talk, an anonymous watcher reads along but cannot write.
    await ann.fill('#chat-input', 'Good luck!');
    await ann.press('#chat-input', 'Enter');
    await expect.poll(() => bo.locator('[data-zone="chat"]').textContent()).toContain('Ann: Good luck!');
    await expect.poll(() => watcher.locator('[data-zone="chat"]').textContent()).toContain('Good luck!');
    expect(await watcher.locator('#chat-input').count()).toBe(0);

    await ann.click('[data-action="start-game"]');
    for (const page of [ann, bo, cy, watcher]) await waitPast(page, null);
    // Bidding: nothing is face up for the spectator.
    expect(await spectator.faceUp()).toBe(0);
    const annFirst = await readPage(ann);
    expect(annFirst.hand.length).toBe(15);

    const problems: string[] = [];
    const shots = new Set<string>();
    let reloaded = false;
    let refused: string | null = null;
    const players = [
      { page: ann, strategy: { bids: true } },
      { page: bo, strategy: { bids: false } },
      { page: cy, strategy: { bids: false } },
    ];
    const afterAction = async (acted: Page) => {
      const state = await readPage(acted);
      if (state.version !== null) problems.push(...(await spectator.check(state.version)));
      for (const { page } of players) {
        const now = await readPage(page);
        if (now.prompt === 'bid' && !shots.has('bidding')) {
          shots.add('bidding');
          await shot(page, 'bidding');
        }
        if (now.prompt === 'play' && !shots.has('meld')) {
          // Trump is named and everyone's meld is on the table.
          shots.add('meld');
          await shot(page, 'meld');
          await shot(watcher, 'spectator');
        }
        if (now.prompt === 'play' && refused === null) {
          const illegal = now.hand.find((entry) => !entry.legal);
          if (illegal) {
            await clickCard(page, illegal.key);
            const notice = page.locator('[data-zone="notice"]');
            await notice.waitFor();
            refused = (await notice.textContent()) ?? '';
            await notice.locator('button').click();
          }
        }
      }
      // Mid-trick, from the fourth trick on: Bo reloads and must come back to seat 1.
      const bo1 = await readPage(bo);
      if (!reloaded && bo1.phase === 'play' && bo1.trick > 0 && bo1.hand.length <= 12) {
        reloaded = true;
        await shot(bo, 'play');
        const handBefore = bo1.hand.map((entry) => entry.card).sort();
        await bo.reload();
        await bo.waitForSelector('[data-viewer="seat-1"]');
        await waitPast(bo, null);
        const after = await readPage(bo);
        expect(after.hand.map((entry) => entry.card).sort()).toEqual(handBefore);
        expect(after.trick).toBe(bo1.trick);
      }
    };
    const actions = await playUntil(players, {
      afterAction,
      done: async () => (await readPage(ann)).handsScored >= 1,
      maxActions: 300,
    });

    expect(actions).toBeGreaterThan(45);
    expect(reloaded).toBe(true);
    expect(refused).toMatch(/Not accepted:.+/);
    expect(problems).toEqual([]);
    for (const page of [ann, bo, cy, watcher]) {
      await expect.poll(async () => (await readPage(page)).handsScored).toBeGreaterThanOrEqual(1);
    }
    await shot(ann, 'score-sheet');
    await ann.setViewportSize({ width: 390, height: 844 });
    await shot(ann, 'score-sheet-phone');
    await ann.setViewportSize({ width: 1280, height: 900 });

    // Play on until the game ends (target 100: usually this very hand), then watch the replay.
    const continuing = players.map(({ page, strategy }) => ({
      page,
      strategy: { ...strategy, continues: true },
    }));
    await playUntil(continuing, {
      done: async () => (await ann.locator('[data-zone="game-over"]').count()) > 0,
      maxActions: 300,
    });
    // Game over: every seated player is offered "Play again"; axe finds nothing serious.
    await shot(ann, 'game-over');
    expect(await bo.locator('[data-action="play-again"]').count()).toBe(1);
    expect(await watcher.locator('[data-action="play-again"]').count()).toBe(0);
    expect(await axeViolations(ann)).toEqual([]);
    await ann.click('[data-action="replay"]');
    await ann.waitForSelector('[data-zone="replay-move"]');
    for (let i = 0; i < 25; i++) await ann.click('[data-action="replay-next"]');
    await expect(ann.locator('[data-zone="replay-move"]').textContent()).resolves.toMatch(
      /plays|bids|passes|names|buries|takes/,
    );
    // Every hand is face up in the replay: 45 cards in hands, widow and buried cards at the start.
    await shot(ann, 'replay');
    const href = await ann.locator('[data-action="download-log"]').getAttribute('href');
    const log = await ann.request.get(`${suiteStack.stack.baseUrl}${href}`);
    expect(log.ok()).toBe(true);
    expect(await log.json()).toMatchObject({ format: 'kibitz-game/1' });
  });

  it('a dropped connection (the server restarts mid-hand) comes back to the same seat and plays on with bots', async () => {
    const dee = await open('/');
    const code = await openTable(dee, 'Dee', 'auction-west', async () => {});
    await dee.click('[data-bot-seat="1"]');
    await dee.click('[data-bot-seat="2"]');
    // The host changes a house rule before the game, through the same generated form.
    await dee.click('[data-action="edit-rules"]');
    await dee.fill('#host-minimumBid', '300');
    await dee.click('text=Save the rules');
    await dee.waitForSelector('[data-action="edit-rules"]');
    await dee.click('[data-action="show-rules"]');
    await expect(dee.locator('dialog').textContent()).resolves.toContain('Minimum bid: 300');
    await dee.keyboard.press('Escape');
    await dee.waitForSelector('[data-action="start-game"]:not([disabled])');
    await dee.click('[data-action="start-game"]');
    await waitPast(dee, null);
    // Dee plays her cards with the keyboard only.
    const players = [{ page: dee, strategy: { bids: true, keyboard: true } }];
    // Into the play, two tricks down (the bots play their own seats).
    await playUntil(players, {
      done: async () => {
        const state = await readPage(dee);
        return state.handsScored > 0 || (state.phase === 'play' && state.hand.length <= 13);
      },
      maxActions: 100,
    });
    // Dee's turn to play (the bots play theirs), so there is a move to try while the server is down.
    await expect.poll(async () => (await readPage(dee)).prompt, { timeout: 20_000 }).toBe('play');
    const before = await readPage(dee);
    const restarted = suiteStack.stack.restartServer();
    await dee.waitForSelector('[data-connection="reconnecting"]', { timeout: 15_000 });
    // While the connection is down a banner stays over the table, and a move is refused, not lost.
    const banner = await dee.locator('[data-zone="offline-banner"]').boundingBox();
    expect(banner).not.toBeNull();
    expect(banner!.y).toBeGreaterThanOrEqual(0);
    await dee.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await dee.locator('[data-zone="offline-banner"]').isVisible()).toBe(true);
    const offlineCard = before.hand.find((entry) => entry.legal) ?? before.hand[0]!;
    await clickCard(dee, offlineCard.key);
    await expect
      .poll(() => dee.locator('[data-zone="notice"]').textContent(), { timeout: 12_000 })
      .toMatch(/no connection to the server|did not answer in time/);
    await restarted;
    await dee.waitForSelector('[data-connection="connected"]', { timeout: 20_000 });
    await dee.waitForSelector('[data-viewer="seat-0"]');
    await waitPast(dee, (before.version ?? 1) - 1);
    const after = await readPage(dee);
    expect(after.hand.map((entry) => entry.card).sort()).toEqual(
      before.hand.map((entry) => entry.card).sort(),
    );
    expect(dee.url()).toContain(`/t/${code}`);
    await playUntil(players, { done: async () => (await readPage(dee)).handsScored >= 1, maxActions: 100 });
  });

  it('four players play a Double Deck hand, one of them on a phone', async () => {
    const north = await open('/');
    const code = await openTable(north, 'North', 'double-deck', async (page) => {
      // Any suit may be trump: the hand is played out whatever the deal.
      // The house-rules form speaks plain words (issue 8): "Trump needs a marriage: No".
      const marriage = page.locator('#create-trumpNeedsMarriage');
      if (!(await marriage.isVisible())) await page.click('[data-group="advanced"] > summary');
      await marriage.selectOption({ label: 'No' });
    });
    const east = await joinByLink(code, 'East', 1, { phone: true });
    const south = await joinByLink(code, 'South', 2);
    const west = await joinByLink(code, 'West', 3);
    await north.click('[data-action="start-game"]');
    for (const page of [north, east, south, west]) await waitPast(page, null);
    expect((await readPage(north)).hand.length).toBe(20);
    await shot(east, 'double-deck-phone-bidding');
    let phoneShot = false;
    await playUntil(
      [
        { page: north, strategy: { bids: true } },
        { page: east, strategy: { bids: false } },
        { page: south, strategy: { bids: false } },
        { page: west, strategy: { bids: false } },
      ],
      {
        afterAction: async () => {
          const state = await readPage(east);
          if (!phoneShot && state.phase === 'play' && state.trick === 2) {
            phoneShot = true;
            await shot(east, 'double-deck-phone-play');
          }
        },
        done: async () => (await readPage(north)).handsScored >= 1,
        maxActions: 400,
      },
    );
    await shot(north, 'double-deck-score-sheet');
    const row = await north.locator('[data-zone="score-sheet"] tbody tr[data-hand="1"]').textContent();
    expect(row).toMatch(/North/);
  });
});
