/**
 * A spectator's browser, checked for leaks: every game view it receives over its
 * socket must be the public one (no hand, no buried cards, no prompt), and every card
 * its page shows must be on the table in that view (widow once turned, tricks, melds).
 */
import { type SentViewPayload, ViewAssembler } from '@kibitz/protocol';
import type { Page, WebSocket } from 'playwright-core';

interface PublicView {
  version: number;
  hand: unknown;
  discards: unknown;
  prompt: unknown;
  passing: { gave: unknown; received: unknown } | null;
  widow: string[] | null;
  trick: { card: string }[];
  lastTrick: { cards: { card: string }[] } | null;
  melds: ({ items: { cards: string[] }[] } | null)[];
}

export class SpectatorWatch {
  views: PublicView[] = [];
  leaks: string[] = [];

  constructor(readonly page: Page) {
    page.on('websocket', (socket: WebSocket) => {
      // Views leave out what did not change since the one before on the same connection:
      // put them together as the page does.
      const assembler = new ViewAssembler();
      socket.on('framereceived', ({ payload }) =>
        this.#frame(typeof payload === 'string' ? payload : payload.toString(), assembler),
      );
    });
  }

  #frame(text: string, assembler: ViewAssembler): void {
    // socket.io over engine.io: "42" + JSON array [event, payload].
    if (!text.startsWith('42')) return;
    let message: unknown;
    try {
      message = JSON.parse(text.slice(2));
    } catch {
      return;
    }
    if (!Array.isArray(message) || message[0] !== 'view') return;
    const sent = message[1] as SentViewPayload;
    let view: PublicView;
    try {
      view = assembler.assemble(sent).view as unknown as PublicView;
    } catch (error) {
      this.leaks.push(`a view could not be put together: ${String(error)}`);
      return;
    }
    this.views.push(view);
    if (view.hand !== null) this.leaks.push(`view ${view.version} carries a hand`);
    if (view.discards !== null) this.leaks.push(`view ${view.version} carries the buried cards`);
    if (view.prompt !== null) this.leaks.push(`view ${view.version} carries a prompt`);
    if (view.passing && (view.passing.gave !== null || view.passing.received !== null)) {
      this.leaks.push(`view ${view.version} carries passed cards`);
    }
  }

  /** Cards the public view lets anyone see, as counts (an upper bound: a meld card may show twice). */
  #publicCards(view: PublicView): Map<string, number> {
    const cards: string[] = [
      ...(view.widow ?? []),
      ...view.trick.map((played) => played.card),
      ...(view.lastTrick?.cards.map((played) => played.card) ?? []),
      ...view.melds.flatMap((meld) => meld?.items.flatMap((item) => item.cards) ?? []),
    ];
    const counts = new Map<string, number>();
    for (const card of cards) counts.set(card, (counts.get(card) ?? 0) + 1);
    return counts;
  }

  /** Waits for the page to show `version`, then compares its cards with that view. Returns the problems. */
  async check(version: number): Promise<string[]> {
    await this.page.waitForFunction(
      (wanted) => Number(document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version) >= wanted,
      version,
      { timeout: 10_000, polling: 25 },
    );
    const shown = await this.page.evaluate(() => ({
      version: Number(document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version),
      cards: [...document.querySelectorAll<HTMLElement>('[data-card]')].map(
        (element) => element.dataset.card ?? '',
      ),
      hands: document.querySelectorAll('[data-zone="hand"]').length,
    }));
    const view = [...this.views].reverse().find((candidate) => candidate.version === shown.version);
    const problems = [...this.leaks];
    if (shown.hands > 0) problems.push('the spectator page shows a hand');
    if (!view) return [...problems, `no view ${shown.version} was received`];
    const allowed = this.#publicCards(view);
    const counts = new Map<string, number>();
    for (const card of shown.cards) counts.set(card, (counts.get(card) ?? 0) + 1);
    for (const [card, count] of counts) {
      if (count > (allowed.get(card) ?? 0)) {
        problems.push(`version ${shown.version}: ${card} shown ${count}x, public ${allowed.get(card) ?? 0}x`);
      }
    }
    return problems;
  }

  /** How many face-up cards the page shows. */
  faceUp(): Promise<number> {
    return this.page.locator('[data-card]').count();
  }
}
