/**
 * The Bridge components mounted in happy-dom with views from the real rules engine
 * (@kibitz/rules/bridge, through the preview's scenes): what each seat is shown, and what
 * the controls send.
 */
import { applyBridge, type BridgeView, bridgeView, legalBridgeActions } from '@kibitz/rules/bridge';
import { describe, expect, it, vi } from 'vitest';
import { flushSync, render } from '../../components/mount.ts';
import { prefs } from '../../lib/prefs.svelte.ts';
import BridgeAuction from './BridgeAuction.svelte';
import BridgeBiddingBox from './BridgeBiddingBox.svelte';
import BridgeFelt from './BridgeFelt.svelte';
import BridgePrompt from './BridgePrompt.svelte';
import BridgeScoreSheet from './BridgeScoreSheet.svelte';
import { leadContract, PREVIEW_NAMES, scene, sceneView } from './preview/scenes.ts';

prefs.setLocale('en');

function felt(view: BridgeView, onPlay = vi.fn()): HTMLElement {
  return render(BridgeFelt, { view, seatNames: PREVIEW_NAMES, onPlay });
}

/** The card codes face up in the DOM under `root` (faces carry data-card; backs carry nothing). */
function faces(root: ParentNode): string[] {
  return [...root.querySelectorAll('[data-card]')].map((element) => element.getAttribute('data-card')!);
}

describe('the dummy', () => {
  it('"Unmittelbar nach der Eröffnung legt die Blind-Person ihr gesamtes Blatt offen": not a moment before', () => {
    const lead = scene('lead');
    // The same deal one action earlier: the contract is made, the opening lead is not.
    const state = leadContract();
    expect(lead.state.hand.trick).toHaveLength(1);
    const contract = state.hand.contract!;
    const dummyCards = state.hand.hands[contract.dummyHand]!;
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      if (viewer === contract.dummyHand) continue; // the dummy's own player holds them
      const root = felt(bridgeView(state, viewer));
      expect(root.querySelector('[data-zone="dummy"]'), `viewer ${viewer}`).toBeNull();
      expect(faces(root).filter((card) => dummyCards.includes(card as never))).toEqual([]);
    }
    // The opening lead: now everyone sees the dummy, by suit.
    const after = sceneView(lead);
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      if (viewer === contract.dummyHand) continue;
      const root = felt(bridgeView(lead.state, viewer));
      const dummy = root.querySelector('[data-zone="dummy"]');
      expect(dummy, `viewer ${viewer}`).not.toBeNull();
      expect(faces(dummy!).sort()).toEqual([...after.dummy!].sort());
    }
  });

  it('lets the declarer play from the dummy, marking exactly its legal cards', () => {
    const lead = scene('lead');
    const view = sceneView(lead);
    expect(view.viewer).toBe(view.contract!.declarer);
    const onPlay = vi.fn();
    const root = felt(view, onPlay);
    const legal = legalBridgeActions(lead.state, view.contract!.declarer).map((action) =>
      action.type === 'play' ? action.card : null,
    );
    const marked = [...root.querySelectorAll('[data-zone="dummy"] button[data-legal]')].map((button) =>
      button.getAttribute('data-card'),
    );
    expect(marked.sort()).toEqual([...legal].sort());
    (root.querySelector(`[data-zone="dummy"] button[data-card="${marked[0]}"]`) as HTMLButtonElement).click();
    expect(onPlay).toHaveBeenCalledWith(marked[0]);
    expect(
      applyBridge(lead.state, view.contract!.declarer, { type: 'play', card: onPlay.mock.calls[0]![0] }).ok,
    ).toBe(true);
  });

  it('is one Tab stop, on its first playable card; the arrow keys walk the columns', () => {
    const view = sceneView(scene('lead'));
    const root = felt(view);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-zone="dummy"] button')];
    const stops = buttons.filter((button) => button.tabIndex === 0);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.hasAttribute('data-legal')).toBe(true);
    const at = buttons.indexOf(stops[0]!);
    stops[0]!.focus();
    stops[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    flushSync();
    const next = buttons[Math.min(at + 1, buttons.length - 1)]!;
    expect(document.activeElement).toBe(next);
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([next]);
  });

  it('shows a defender the dummy but gives them no button on it', () => {
    const view = sceneView(scene('midplay'));
    expect(view.ownHand).not.toBe(view.contract!.declarerHand);
    const root = felt(view);
    expect(root.querySelector('[data-zone="dummy"]')).not.toBeNull();
    expect(root.querySelectorAll('[data-zone="dummy"] button')).toHaveLength(0);
  });

  it('keeps the blind hand of the three-person form face down to everyone until the opening lead', () => {
    const auction = scene('three-auction');
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      const root = felt(bridgeView(auction.state, viewer));
      const blind = root.querySelector('[data-hand="3"]')!;
      expect(blind.textContent).toContain('Blind hand');
      expect(faces(blind)).toEqual([]);
    }
    const play = scene('three-play');
    const root = felt(bridgeView(play.state, 'spectator'));
    expect(faces(root.querySelector('[data-zone="dummy"]')!).sort()).toEqual(
      [...play.state.hand.hands[3]!].sort(),
    );
  });
});

describe('the bidding box', () => {
  it('enables exactly the legal calls, level by level, and sends what it shows', () => {
    const auction = scene('auction');
    const view = sceneView(auction);
    if (view.prompt?.kind !== 'call') throw new Error('the scene asks for a call');
    const onAct = vi.fn();
    const root = render(BridgeBiddingBox, { prompt: view.prompt, config: view.config, onAct });
    const legal = legalBridgeActions(auction.state, auction.viewer as number);
    const legalBids = new Set(legal.flatMap((a) => (a.type === 'bid' ? [`${a.level}${a.strain}`] : [])));
    const enabled = (selector: string) =>
      [...root.querySelectorAll<HTMLButtonElement>(selector)].filter((button) => !button.disabled);
    for (let level = 1; level <= 7; level++) {
      const levelButton = root.querySelector<HTMLButtonElement>(`[data-level="${level}"]`)!;
      const open = [...legalBids].some((bid) => bid.startsWith(String(level)));
      expect(levelButton.disabled, `level ${level}`).toBe(!open);
      if (!open) continue;
      levelButton.click();
      flushSync();
      const shown = enabled('[data-bid]').map((button) => button.getAttribute('data-bid'));
      expect(shown, `level ${level}`).toEqual([...legalBids].filter((bid) => bid.startsWith(String(level))));
    }
    // 1♦ 1♠ 2♦ doubled: the dealer may pass or redouble, not double.
    expect(enabled('[data-action]').map((button) => button.getAttribute('data-action'))).toEqual(
      legal.filter((a) => a.type !== 'bid').map((a) => a.type),
    );
    expect(legal.map((a) => a.type)).toContain('redouble');
    (root.querySelector('[data-action="redouble"]') as HTMLButtonElement).click();
    root.querySelector<HTMLButtonElement>('[data-level="3"]')!.click();
    flushSync();
    root.querySelector<HTMLButtonElement>('[data-bid="3H"]')!.click();
    expect(onAct.mock.calls.map(([action]) => action)).toEqual([
      { type: 'redouble' },
      { type: 'bid', level: 3, strain: 'H' },
    ]);
    for (const [action] of onAct.mock.calls) {
      expect(applyBridge(auction.state, auction.viewer as number, action).ok).toBe(true);
    }
  });

  it('ranks the denominations as the sheet does: "Kreuz < Karo < Herz < Pik < Sans-Atout"', () => {
    prefs.setLocale('de');
    const view = sceneView(scene('auction'));
    if (view.prompt?.kind !== 'call') throw new Error('the scene asks for a call');
    const root = render(BridgeBiddingBox, { prompt: view.prompt, config: view.config, onAct: vi.fn() });
    expect([...root.querySelectorAll('[data-bid]')].map((button) => button.textContent?.trim())).toEqual([
      '2♣',
      '2♦',
      '2♥',
      '2♠',
      '2 SA',
    ]);
    expect(root.querySelector('[data-action="redouble"]')!.textContent?.trim()).toBe('Redoppeln');
    prefs.setLocale('en');
  });

  it('offers nullo between Pik and Sans-Atout under that house rule (reading 6)', () => {
    const nullo = scene('nullo-auction');
    const view = sceneView(nullo);
    if (view.prompt?.kind !== 'call') throw new Error('the scene asks for a call');
    const root = render(BridgeBiddingBox, { prompt: view.prompt, config: view.config, onAct: vi.fn() });
    const strains = [...root.querySelectorAll('[data-bid]')].map((button) => button.getAttribute('data-bid'));
    expect(strains).toEqual(['1C', '1D', '1H', '1S', '1NULLO', '1NT']);
    // After 1♠ only 1 Nullo and 1 Sans-Atout overcall at the first level.
    const enabled = [...root.querySelectorAll<HTMLButtonElement>('[data-bid]')].filter((b) => !b.disabled);
    expect(enabled.map((button) => button.getAttribute('data-bid'))).toEqual(['1NULLO', '1NT']);
  });
});

describe('the auction grid', () => {
  it('puts every call under the seat that made it, the first under the dealer', () => {
    for (const id of ['auction', 'midplay', 'three-play'] as const) {
      const view = sceneView(scene(id));
      const root = render(BridgeAuction, { view, names: PREVIEW_NAMES });
      const cells = [...root.querySelectorAll<HTMLElement>('td[data-call]')];
      expect(
        cells.map((cell) => Number(cell.dataset.call)),
        id,
      ).toEqual(view.calls.map((_, index) => index));
      for (const cell of cells) {
        expect(Number(cell.dataset.seat), id).toBe(view.calls[Number(cell.dataset.call)]!.seat);
      }
      // The columns: the viewer's left, across, right, then the viewer (W N E S).
      const heads = [...root.querySelectorAll('th')].map((th) => th.textContent?.replace(/\s+/g, ' ').trim());
      expect(heads.at(-1), id).toBe(`S ${PREVIEW_NAMES[view.viewer as number]}`);
      expect(heads).toHaveLength(view.playerCount);
      const firstRow = root.querySelector('tbody tr')!;
      const firstCall = [...firstRow.querySelectorAll('td')].findIndex((td) => td.hasAttribute('data-call'));
      expect(Number(firstRow.querySelectorAll('td')[firstCall]!.getAttribute('data-seat')), id).toBe(
        view.dealer,
      );
    }
  });
});

describe('the rubber score sheet', () => {
  it('sums every entry above and below the line to the totals, which are the engine’s', () => {
    const view = sceneView(scene('rubber'));
    const root = render(BridgeScoreSheet, {
      score: view.score,
      accountCount: view.accountCount,
      playerCount: view.playerCount,
      seatNames: PREVIEW_NAMES,
      result: view.result,
    });
    for (let account = 0; account < view.accountCount; account++) {
      const points = (line: string) =>
        [...root.querySelectorAll(`td[data-account="${account}"][data-line="${line}"] [data-points]`)].reduce(
          (sum, element) => sum + Number(element.getAttribute('data-points')),
          0,
        );
      const total = Number(root.querySelector(`td[data-account="${account}"][data-total]`)!.textContent);
      expect(points('above')).toBe(view.score.above[account]);
      expect(points('below')).toBe(view.score.below[account]);
      expect(total).toBe(points('above') + points('below'));
      expect(total).toBe(view.result!.totals[account]);
    }
    expect(root.textContent).toContain(`win by ${view.result!.margin} points`);
    expect(root.querySelectorAll('[data-game] .won-tag')).toHaveLength(
      view.score.games.reduce((sum, games) => sum + games, 0),
    );
  });
});

describe('the result after a hand on a paced table', () => {
  it('lists every line the hand wrote on the sheet, and the prompt offers Continue', () => {
    const handEnd = scene('hand-end');
    const view = sceneView(handEnd);
    expect(view.phase).toBe('hand-end');
    const root = felt(view);
    const rows = [...root.querySelectorAll<HTMLElement>('[data-zone="hand-result"] tr')];
    expect(
      rows.map((row) => [Number(row.dataset.account), row.dataset.line, Number(row.dataset.points)]),
    ).toEqual(view.handResult!.entries.map((entry) => [entry.account, entry.line, entry.points]));
    const played = view.handResult!;
    expect(root.textContent).toContain(`took ${played.declarerTricks} tricks`);
    const onAct = vi.fn();
    const prompt = render(BridgePrompt, { view, seatNames: PREVIEW_NAMES, onAct });
    (prompt.querySelector('[data-action="continue"]') as HTMLButtonElement).click();
    expect(onAct).toHaveBeenCalledWith({ type: 'continue' });
    expect(applyBridge(handEnd.state, 0, onAct.mock.calls[0]![0]).ok).toBe(true);
  });
});

describe('the end of the rubber at a table', () => {
  it('shows the outcome with Play again and the replay over the felt; the preview keeps the plain outcome', () => {
    const rubber = scene('rubber');
    const view = sceneView(rubber);
    expect(view.result).not.toBeNull();
    const onPlayAgain = vi.fn();
    const root = render(BridgeFelt, {
      view,
      seatNames: PREVIEW_NAMES,
      onPlay: vi.fn(),
      playAgain: { names: PREVIEW_NAMES, gameId: 'g1', agreed: [1], mySeat: 0, onPlayAgain },
    });
    const over = root.querySelector('[data-zone="game-over"]')!;
    expect(over.querySelector('[data-zone="outcome"]')!.textContent).toMatch(/win/);
    expect(over.querySelector('[data-zone="play-again"]')!.textContent).toContain('Bo');
    expect(over.querySelector('[data-action="replay"]')!.getAttribute('href')).toContain('g1');
    over.querySelector<HTMLButtonElement>('[data-action="play-again"]')!.click();
    flushSync();
    expect(onPlayAgain).toHaveBeenCalledOnce();
    const preview = felt(view);
    expect(preview.querySelector('[data-zone="game-over"]')).toBeNull();
    expect(preview.querySelector('[data-zone="outcome"]')).not.toBeNull();
  });
});
