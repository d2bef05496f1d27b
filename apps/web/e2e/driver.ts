/**
 * Plays through the UI the way a person would: reads what each page shows (its prompt,
 * its hand, the playable cards) and clicks buttons. Nothing here knows the game's state
 * beyond what the page displays.
 */
import type { Page } from 'playwright-core';

export interface PageState {
  version: number | null;
  viewer: string | null;
  phase: string;
  prompt: string | null;
  count: number;
  hand: { card: string; key: string; legal: boolean }[];
  handsScored: number;
  notice: string | null;
  trick: number;
}

export function readPage(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-table-code]');
    const prompt = document.querySelector<HTMLElement>('[data-prompt]');
    // Between hands the viewer's prompt is the result panel's Continue.
    const continues = document.querySelector('[data-action="continue"]') !== null;
    const version = root?.dataset.version;
    return {
      version: version ? Number(version) : null,
      viewer: root?.dataset.viewer ?? null,
      phase: root?.dataset.phase ?? '',
      prompt: prompt?.dataset.prompt ?? (continues ? 'continue' : null),
      count: Number(prompt?.dataset.count ?? 0),
      hand: [...document.querySelectorAll<HTMLElement>('[data-zone="hand"] [data-card]')].map((element) => ({
        card: element.dataset.card ?? '',
        key: element.dataset.key ?? '',
        legal: element.hasAttribute('data-legal'),
      })),
      handsScored: document.querySelectorAll('[data-zone="score-sheet"] tbody tr[data-hand]').length,
      notice: document.querySelector('[data-zone="notice"]')?.textContent?.trim() ?? null,
      trick: document.querySelectorAll('[data-zone="trick"] [data-card]').length,
    };
  });
}

/** Waits until the page shows a view newer than `version`. */
export async function waitPast(page: Page, version: number | null, timeoutMs = 10_000): Promise<void> {
  await page.waitForFunction(
    (before) => {
      const value = document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version;
      return value !== undefined && value !== '' && (before === null || Number(value) > before);
    },
    version,
    { timeout: timeoutMs, polling: 25 },
  );
}

const SUITS = ['S', 'H', 'D', 'C'];

/** The suit the hand holds most of (a simple bidder's choice of trump). */
function longestSuit(cards: readonly string[], allowed: readonly string[]): string {
  const counts = SUITS.map((suit) => ({ suit, n: cards.filter((card) => card[1] === suit).length }));
  counts.sort((a, b) => b.n - a.n);
  return counts.find((entry) => allowed.includes(entry.suit))?.suit ?? allowed[0] ?? 'S';
}

export interface Strategy {
  /** Bid the lowest bid offered when true; pass when allowed otherwise. */
  bids: boolean;
  /** Keyboard only: no clicks; Tab to a control, arrow keys in the hand, Enter or Space. */
  keyboard?: boolean;
  /** Press Continue between hands (else the table's timer deals on). */
  continues?: boolean;
}

/** Where keyboard focus is: the element's data-key / data-action / data-bid / data-suit, and its zone. */
export function focusInfo(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      key: active?.dataset.key ?? null,
      action: active?.dataset.action ?? null,
      bid: active?.dataset.bid ?? null,
      suit: active?.dataset.suit ?? null,
      inHand: (active?.closest('[data-zone="hand"]') ?? null) !== null,
      inPrompt: (active?.closest('[data-zone="prompt-slot"], [data-zone="hand-result"]') ?? null) !== null,
      body: active === document.body || active === null,
    };
  });
}

/** Presses Tab (Shift+Tab when `back`) until `selector` has focus; throws after `limit` presses. */
export async function tabTo(page: Page, selector: string, limit = 12, back = false): Promise<number> {
  for (let presses = 0; presses <= limit; presses++) {
    const there = await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector);
    if (there) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${selector} not reached with ${limit} Tab presses`);
}

/** Moves focus in the hand (which has it) to the card with `key`, by arrow keys. */
async function arrowTo(page: Page, index: number, key: string): Promise<void> {
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowRight');
  const focusedKey = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.key);
  if (focusedKey !== key) throw new Error(`keyboard focus on ${focusedKey}, wanted ${key}`);
}

/** Every prompt the page focused for a keyboard player: where focus stood when the prompt came. */
export const keyboardLog: { prompt: string; inHand: boolean; inPrompt: boolean }[] = [];

/**
 * Answers the page's prompt with one click sequence; returns false when it had none.
 * Waits until the page shows the next view.
 */
export async function actOnce(
  page: Page,
  strategy: Strategy,
  latest: number | null = null,
): Promise<boolean> {
  // Never answer a prompt of a view older than the newest one any page has shown.
  if (latest !== null) await waitPast(page, latest - 1);
  const state = await readPage(page);
  if (state.prompt === null) return false;
  switch (state.prompt) {
    case 'bid': {
      const pass = page.locator('[data-action="pass"]');
      const selector = !strategy.bids && (await pass.count()) > 0 ? '[data-action="pass"]' : '[data-bid]';
      if (strategy.keyboard) {
        await noteFocus(page, state.prompt);
        await tabTo(page, `[data-prompt] ${selector}`);
        await page.keyboard.press('Enter');
      } else await page.locator(selector).first().click();
      break;
    }
    case 'discard':
    case 'pass-cards': {
      // The lowest cards of the sorted hand: its end.
      const chosen = state.hand.slice(-state.count);
      if (strategy.keyboard) {
        await noteFocus(page, state.prompt);
        await tabTo(page, '[data-zone="hand"] button[tabindex="0"]', 12, true);
        for (const entry of chosen) {
          await arrowTo(page, state.hand.indexOf(entry), entry.key);
          await page.keyboard.press('Space');
        }
        await tabTo(page, '[data-action="confirm-cards"]');
        await page.keyboard.press('Enter');
      } else {
        for (const entry of chosen) {
          await clickCard(page, entry.key);
        }
        await page.locator('[data-action="confirm-cards"]').click();
      }
      break;
    }
    case 'name-trump':
    case 'request-suit': {
      const offered = await page
        .locator('[data-prompt] [data-suit]')
        .evaluateAll((buttons) => buttons.map((button) => (button as HTMLElement).dataset.suit ?? ''));
      const suit = longestSuit(
        state.hand.map((entry) => entry.card),
        offered,
      );
      if (strategy.keyboard) {
        await noteFocus(page, state.prompt);
        await tabTo(page, `[data-prompt] [data-suit="${suit}"]`);
        await page.keyboard.press('Enter');
      } else await page.locator(`[data-prompt] [data-suit="${suit}"]`).click();
      break;
    }
    case 'play': {
      const card = state.hand.find((entry) => entry.legal) ?? state.hand[0];
      if (!card) return false;
      if (strategy.keyboard) {
        // The hand is one Tab stop (the card with tabindex 0); then walk to the card.
        await noteFocus(page, state.prompt);
        await tabTo(page, '[data-zone="hand"] button[tabindex="0"]', 12, true);
        await arrowTo(page, state.hand.indexOf(card), card.key);
        await page.keyboard.press('Enter');
      } else {
        await clickCard(page, card.key);
      }
      break;
    }
    case 'continue': {
      if (!strategy.continues) return false;
      if (strategy.keyboard) {
        await noteFocus(page, state.prompt);
        await tabTo(page, '[data-action="continue"]');
        await page.keyboard.press('Enter');
      } else await page.locator('[data-action="continue"]').click();
      break;
    }
    default:
      throw new Error(`unknown prompt ${state.prompt}`);
  }
  await waitPast(page, state.version);
  return true;
}

/**
 * Clicks a card of the fanned hand where a person would: on its visible strip at the left
 * (the next card covers the rest of it).
 */
export function clickCard(page: Page, key: string, timeout?: number): Promise<void> {
  return page
    .locator(`[data-zone="hand"] [data-key="${key}"]`)
    .click({ position: { x: 6, y: 24 }, ...(timeout === undefined ? {} : { timeout }) });
}

async function noteFocus(page: Page, prompt: string): Promise<void> {
  const focus = await focusInfo(page);
  keyboardLog.push({ prompt, inHand: focus.inHand, inPrompt: focus.inPrompt });
}

export interface PlayOptions {
  /** Called after every accepted action, with the page that acted. */
  afterAction?: (acted: Page, actions: number) => Promise<void>;
  /** Stop when this returns true (checked after every round). */
  done: () => Promise<boolean>;
  maxActions?: number;
}

/** Lets every page answer its prompts in turn until `done`. */
export async function playUntil(
  players: readonly { page: Page; strategy: Strategy }[],
  options: PlayOptions,
): Promise<number> {
  let actions = 0;
  let latest: number | null = null;
  const max = options.maxActions ?? 1000;
  while (!(await options.done())) {
    let acted = false;
    for (const { page, strategy } of players) {
      if (await actOnce(page, strategy, latest)) {
        acted = true;
        actions++;
        latest = (await readPage(page)).version;
        await options.afterAction?.(page, actions);
      }
    }
    if (actions > max) throw new Error(`no end after ${max} actions`);
    if (!acted) await new Promise((done) => setTimeout(done, 50));
  }
  return actions;
}
