/**
 * A spectator's browser at a Bridge table, checked for leaks: every view its socket
 * receives must be the public one (no hand, no prompt), the dummy must be in no view
 * before the opening lead, and every face-up card its page shows must be public in that
 * view (the dummy once down, the trick, the tricks played, the hands of a scored hand).
 */
import { type SentViewPayload, ViewAssembler } from '@kibitz/protocol';
import type { Page, WebSocket } from 'playwright-core';

interface PublicBridgeView {
  version: number;
  phase: string;
  hand: unknown;
  prompt: unknown;
  contract: unknown;
  dummy: string[] | null;
  trick: { card: string }[];
  tricks: { cards: { card: string }[] }[];
  handResult: { dealt?: string[][] | null } | null;
}

/** Has the opening lead been made in this view? */
export function leadMade(view: Pick<PublicBridgeView, 'trick' | 'tricks'>): boolean {
  return view.trick.length > 0 || view.tricks.length > 0;
}

export class BridgeSpectatorWatch {
  views: PublicBridgeView[] = [];
  leaks: string[] = [];

  constructor(readonly page: Page) {
    page.on('websocket', (socket: WebSocket) => {
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
    let view: PublicBridgeView;
    try {
      view = assembler.assemble(message[1] as SentViewPayload).view as unknown as PublicBridgeView;
    } catch (error) {
      this.leaks.push(`a view could not be put together: ${String(error)}`);
      return;
    }
    this.views.push(view);
    if (view.hand !== null) this.leaks.push(`view ${view.version} carries a hand`);
    if (view.prompt !== null) this.leaks.push(`view ${view.version} carries a prompt`);
    if (view.dummy !== null && !leadMade(view)) {
      this.leaks.push(`view ${view.version} shows the dummy before the opening lead`);
    }
  }

  #publicCards(view: PublicBridgeView): Set<string> {
    return new Set([
      ...(view.dummy ?? []),
      ...view.trick.map((played) => played.card),
      ...view.tricks.flatMap((trick) => trick.cards.map((played) => played.card)),
      ...(view.handResult?.dealt?.flat() ?? []),
    ]);
  }

  /** Waits for the page to show `version` or later, then compares its cards with that view. Returns the problems. */
  async check(version: number): Promise<string[]> {
    await this.page.waitForFunction(
      (wanted) => Number(document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version) >= wanted,
      version,
      { timeout: 15_000, polling: 25 },
    );
    const shown = await this.page.evaluate(() => ({
      version: Number(document.querySelector<HTMLElement>('[data-table-code]')?.dataset.version),
      cards: [...document.querySelectorAll<HTMLElement>('[data-card]')].map(
        (element) => element.dataset.card ?? '',
      ),
      hands: document.querySelectorAll('[data-zone="hand"]').length,
      dummies: document.querySelectorAll('[data-zone="dummy"]').length,
    }));
    const view = [...this.views].reverse().find((candidate) => candidate.version === shown.version);
    const problems = [...this.leaks];
    if (shown.hands > 0) problems.push('the spectator page shows a hand');
    if (!view) return [...problems, `no view ${shown.version} was received`];
    if (shown.dummies > 0 && view.dummy === null)
      problems.push(`version ${shown.version}: a dummy on the page`);
    const allowed = this.#publicCards(view);
    for (const card of shown.cards) {
      if (!allowed.has(card)) problems.push(`version ${shown.version}: ${card} shown, not public`);
    }
    return problems;
  }
}
