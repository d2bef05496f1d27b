/**
 * A hand of any form played through the UI by one human (seat 0) among bots, stopping at
 * every moment the caller wants to look at: each prompt the player gets (Pinochle's bid,
 * bury, name trump, pass cards, play, Continue; Bridge's call, play, Continue). The human
 * bids high in Pinochle (the widow, the bury and naming trump come to them) and opens 1 NT
 * in Bridge, so the prompts of the declarer's side show up.
 */
import { PACES, type Pace } from '@kibitz/protocol';
import type { Page } from 'playwright-core';
import { actOnce, clickCard, readPage } from './driver.ts';
import type { Stack } from './harness.ts';

/** The four sizes of issue 25: two desktops, a phone upright and on its side. */
export const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
] as const;

export interface Form {
  /** The lobby's radio value. */
  variant: string;
  seats: number;
  /** Bridge (its own prompts) or Pinochle. */
  bridge: boolean;
  /** House rules set in the lobby's form: the field's id (after "create-") and its value. */
  rules?: Record<string, string>;
  /** The name the tests give it. */
  name?: string;
}

export const FORMS: readonly Form[] = [
  { variant: 'auction-west', seats: 3, bridge: false },
  { variant: 'cutthroat', seats: 3, bridge: false },
  { variant: 'double-deck', seats: 4, bridge: false },
  // Card passing (Toby Thomas style: the bidder asks for a suit, then both pass): its prompts.
  {
    variant: 'double-deck',
    seats: 4,
    bridge: false,
    name: 'double-deck-passing',
    // The selects offer their choices by index: style 2 is 'toby-thomas', which needs
    // timing 1, 'before-trump'.
    rules: { 'cardPassing-count': '3', 'cardPassing-style': '2', 'cardPassing-timing': '1' },
  },
  { variant: 'auction-bridge', seats: 4, bridge: true },
  { variant: 'auction-bridge-3', seats: 3, bridge: true },
];

export interface TableOptions {
  /** The host's name. */
  name?: string;
  /**
   * The table's pace, chosen in the lobby's form as a host would (default: the form's,
   * normal). Fast pauses 0.5 s after a trick: every complete trick is still a view of its
   * own, it only waits less before it is gathered.
   */
  pace?: Pace;
}

/** Opens a table of `form` from the lobby, seats bots beside the host and starts it; returns the code. */
export async function startTable(
  stack: Stack,
  page: Page,
  form: Form,
  { name = 'Ann', pace }: TableOptions = {},
): Promise<string> {
  await page.goto(`${stack.baseUrl}/`);
  await page.fill('#display-name', name);
  await page.check(`input[name="variant"][value="${form.variant}"]`);
  if (form.bridge) {
    // One hand: the rubber (and its end) comes after it.
    await page.check('#create-handLimit-set');
    await page.fill('#create-handLimit', '1');
  }
  if (form.rules) {
    await page.locator('details[data-group="advanced"] summary').click();
    for (const [field, value] of Object.entries(form.rules)) {
      const control = page.locator(`#create-${field}`);
      if ((await control.evaluate((element) => element.tagName)) === 'SELECT')
        await control.selectOption(value);
      else await control.fill(value);
    }
  }
  if (pace !== undefined) {
    const select = page.locator('[data-option="settings.pace"] select');
    if (!(await select.isVisible())) await page.locator('details[data-group="settings"] > summary').click();
    // The form's options are the schema's enum by index (RuleField.svelte).
    await select.selectOption(String(PACES.indexOf(pace)));
  }
  await page.click('[data-action="create-table"]');
  await page.waitForURL(/\/t\/[A-Z0-9-]+$/);
  await page.waitForSelector('[data-viewer="seat-0"]');
  for (let seat = 1; seat < form.seats; seat++) {
    await page.click(`[data-bot-seat="${seat}"]`);
    await page.waitForSelector(`[data-bot-seat="${seat}"]`, { state: 'detached' });
  }
  await page.click('[data-action="start-game"]');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version);
  return page.url().split('/t/')[1] ?? '';
}

/** The prompt the page shows now: its kind, 'continue' between hands, 'over' at the game's end, or null. */
export async function promptNow(page: Page): Promise<string | null> {
  const prompt = (await readPage(page)).prompt;
  if (prompt === null && (await page.locator('[data-zone="game-over"]').count()) > 0) return 'over';
  return prompt;
}

async function version(page: Page): Promise<number> {
  return Number((await page.locator('[data-table-code]').getAttribute('data-version')) ?? 0);
}

async function waitNewer(page: Page, before: number): Promise<void> {
  await page.waitForFunction(
    (was) => Number(document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version) > was,
    before,
    { timeout: 15_000, polling: 25 },
  );
}

/** Answers the page's prompt once (see the module's note on how); false when there was none. */
export async function answer(page: Page, form: Form, calls: { n: number }): Promise<boolean> {
  const before = await version(page);
  if (form.bridge) {
    if ((await page.locator('[data-prompt="call"]').count()) > 0) {
      const open = calls.n === 0 ? page.locator('[data-bid="1NT"]:not([disabled])') : null;
      calls.n++;
      if (open && (await open.count()) > 0) await open.click();
      else await page.click('[data-prompt="call"] [data-action="pass"]');
    } else {
      const legal = await page.evaluate(() => {
        const card = document.querySelector<HTMLElement>(
          '[data-zone="hand"] button[data-legal], [data-zone="dummy"] button[data-legal]',
        );
        return card
          ? { card: card.dataset.card ?? '', zone: card.closest('[data-zone]')?.getAttribute('data-zone') }
          : null;
      });
      if (legal !== null) {
        try {
          await page.click(`[data-zone="${legal.zone}"] button[data-card="${legal.card}"]`, {
            position: { x: 6, y: 6 },
            timeout: 5000,
          });
        } catch (error) {
          // The table moved on under the click (a newer view took the card away): read it again.
          if ((await version(page)) > before) return true;
          throw error;
        }
      } else if ((await page.locator('[data-action="continue"]').count()) > 0) {
        await page.click('[data-action="continue"]');
      } else return false;
    }
    await waitNewer(page, before);
    return true;
  }
  const state = await readPage(page);
  if (state.prompt === 'bid' && (await page.locator('#bid-amount').count()) > 0) {
    // A high bid, again each time it is asked: the bots let the host have the widow.
    const options = await page.locator('#bid-amount option').count();
    await page.selectOption('#bid-amount', { index: Math.min(options - 1, 6) });
    calls.n++;
    await page.click('[data-action="bid-chosen"]');
    await waitNewer(page, before);
    return true;
  }
  if (state.prompt === 'bid') {
    calls.n++;
    const pass = page.locator('[data-action="pass"]');
    if ((await pass.count()) > 0) await pass.click();
    else await page.locator('[data-bid]').first().click();
    await waitNewer(page, before);
    return true;
  }
  if (state.prompt === 'play') {
    const card = state.hand.find((entry) => entry.legal) ?? state.hand[0];
    if (!card) return false;
    try {
      await clickCard(page, card.key, 5000);
    } catch (error) {
      // The table moved on under the click (a newer view took the card away): read it again.
      if ((await version(page)) > (state.version ?? before)) return true;
      throw error;
    }
    await waitNewer(page, before);
    return true;
  }
  if (state.prompt === 'continue') {
    // The table's own clock may deal on first (the checks at each prompt take their time).
    await page
      .locator('[data-action="continue"]')
      .click({ timeout: 3000 })
      .catch(() => {});
    return true;
  }
  return actOnce(page, { bids: true, continues: true });
}
