import {
  apply,
  createGame,
  defaultConfig,
  type GameState,
  type HandResult,
  legalActions,
  parseConfig,
  view,
} from '@kibitz/rules/pinochle';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../components/mount.ts';
import MeldBoard from './MeldBoard.svelte';
import PromptPanel from './PromptPanel.svelte';
import { meldOpen } from './paced.ts';
import ScoreSheet from './ScoreSheet.svelte';
import SeatPanel from './SeatPanel.svelte';
import TrickArea from './TrickArea.svelte';
import TurnStatus from './TurnStatus.svelte';

/** Plays first legal moves (bidding when possible) until `stop` says so. */
function advance(state: GameState, stop: (state: GameState) => boolean): GameState {
  while (!stop(state)) {
    const seat = state.toAct[0]!;
    const actions = legalActions(state, seat);
    const action =
      actions.find((a) => a.type === 'bid') ?? actions.find((a) => a.type !== 'concede') ?? actions[0]!;
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return state;
}

function renderTable(state: GameState) {
  const spectatorView = view(state, 'spectator');
  const names = ['Ann', 'Bo', 'Cy'];
  const root = document.createElement('div');
  for (let seat = 0; seat < 3; seat++) {
    root.append(
      render(SeatPanel, {
        seat,
        name: names[seat]!,
        occupant: {
          id: `p${seat}`,
          name: names[seat]!,
          bot: false,
          botLevel: null,
          connected: true,
          standIn: false,
          heldUntil: null,
        },
        position: 'bottom',
        isMe: false,
        isHost: seat === 0,
        view: spectatorView,
        now: 0,
        onSit: null,
      }),
    );
  }
  root.append(render(TrickArea, { view: spectatorView, names, positionOf: () => 'bottom' }));
  // As the felt does: everyone's meld in the middle while it is laid out.
  if (meldOpen(spectatorView)) root.append(render(MeldBoard, { view: spectatorView, names }));
  return { root, spectatorView };
}

describe('the table as a spectator sees it', () => {
  it('shows no card at all while the hands are hidden (bidding)', () => {
    const state = createGame(defaultConfig('cutthroat'), 'spectator-dom');
    const { root } = renderTable(state);
    expect(root.querySelectorAll('[data-card]')).toHaveLength(0);
    // The widow and the other hands are there, face down, without identity.
    expect(root.querySelectorAll('.card.back').length).toBeGreaterThan(0);
  });

  it('shows only the trick once it is led: the taken widow and the meld are folded away', () => {
    const state = advance(
      createGame(defaultConfig('cutthroat'), 'spectator-dom'),
      (s) => s.phase === 'play' && s.hand.trick.length === 2,
    );
    const { root, spectatorView } = renderTable(state);
    const shown = [...root.querySelectorAll<HTMLElement>('[data-card]')]
      .map((element) => element.dataset.card)
      .sort();
    // Issue 8: the widow is not left face up all hand, and meld folds to its total once a trick is led.
    expect(shown).toEqual(spectatorView.trick.map((played) => played.card).sort());
    expect(spectatorView.widow).not.toBeNull();
    expect(root.querySelectorAll('[data-action="meld-toggle"]').length).toBeGreaterThan(0);
    expect(spectatorView.hand).toBeNull();
  });
});

describe('the meld while it matters', () => {
  it('lays out every meld from trump until the first trick is led, with only public cards', () => {
    const state = advance(
      createGame(defaultConfig('cutthroat'), 'spectator-dom'),
      (s) => s.phase === 'play' && s.hand.trick.length === 0,
    );
    const { root, spectatorView } = renderTable(state);
    const shown = [...root.querySelectorAll<HTMLElement>('[data-card]')]
      .map((element) => element.dataset.card)
      .sort();
    const melds = spectatorView.melds
      .flatMap((meld) => meld?.items.flatMap((item) => item.cards) ?? [])
      .sort();
    expect(shown).toEqual(melds);
    // Laid out in the middle (issue 25: a fixed place), not in the seats, which do not grow.
    expect(root.querySelectorAll('[data-zone="meld-board"] [data-card]')).toHaveLength(melds.length);
    expect(root.querySelectorAll('.seat [data-card]')).toHaveLength(0);
    expect(root.querySelectorAll('[data-action="meld-toggle"]')).toHaveLength(0);
  });
});

describe('PromptPanel', () => {
  it('confirms buried cards only when exactly enough are chosen', () => {
    const state = advance(createGame(defaultConfig('cutthroat'), 'prompt-dom'), (s) => s.phase === 'discard');
    const bidderView = view(state, state.toAct[0]!);
    const onAct = vi.fn();
    const few = render(PromptPanel, { view: bidderView, chosen: bidderView.hand!.slice(0, 2), onAct });
    expect((few.querySelector('[data-action="confirm-cards"]') as HTMLButtonElement).disabled).toBe(true);
    const chosen = bidderView.hand!.slice(0, 3);
    const enough = render(PromptPanel, { view: bidderView, chosen, onAct });
    const confirm = enough.querySelector('[data-action="confirm-cards"]') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    confirm.click();
    expect(onAct).toHaveBeenCalledWith({ type: 'discard', cards: chosen });
    expect(enough.textContent).toContain('3 of 3 chosen');
  });

  it('offers only the trump suits of the prompt', () => {
    const state = advance(createGame(defaultConfig('double-deck'), 'trump-dom'), (s) => s.phase === 'trump');
    const bidderView = view(state, state.toAct[0]!);
    const root = render(PromptPanel, { view: bidderView, chosen: [], onAct: () => {} });
    const suits = [...root.querySelectorAll<HTMLElement>('[data-suit]')].map((button) => button.dataset.suit);
    expect(bidderView.prompt?.kind).toBe('name-trump');
    if (bidderView.prompt?.kind === 'name-trump') expect(suits).toEqual(bidderView.prompt.suits);
  });
});

describe('ScoreSheet', () => {
  const result = (delta: number[]): HandResult => ({
    deal: 0,
    dealer: 0,
    outcome: 'played',
    bidder: 0,
    bid: 300,
    trump: 'H',
    meld: [60, 20, 0],
    meldCounted: [60, 20, 0],
    trickPoints: [180, 40, 30],
    tricksWon: [10, 3, 2],
    delta,
    made: true,
    calledBy: null,
  });

  it('lists each hand with running totals, divided by ten when the table says so', () => {
    const parsed = parseConfig({ variant: 'cutthroat', scoresDividedBy10: true });
    if (!parsed.ok) throw new Error('config');
    const root = render(ScoreSheet, {
      history: [result([300, 60, 30]), result([-600, 100, 50])],
      scores: [-300, 160, 80],
      target: 1500,
      config: parsed.config,
      sideCount: 3,
      seatNames: ['Ann', 'Bo', 'Cy'],
    });
    const rows = [...root.querySelectorAll('tbody tr')].map((row) =>
      row.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('30 by Ann');
    expect(rows[1]).toContain('−60');
    const totals = [...root.querySelectorAll('tfoot td')].map((cell) => cell.textContent?.trim());
    expect(totals).toEqual(['−30', '16', '8']);
    expect(root.textContent).toContain('Game to 150');
    expect(root.textContent).toContain('divided by ten');
  });

  it('names the teams in double deck', () => {
    const root = render(ScoreSheet, {
      history: [],
      scores: [0, 0],
      target: 500,
      config: defaultConfig('double-deck'),
      sideCount: 2,
      seatNames: ['N', 'E', 'S', 'W'],
    });
    const heads = [...root.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    expect(heads.slice(-2)).toEqual(['N & S', 'E & W']);
    expect(root.textContent).toContain('No hand has been scored yet.');
  });
});

describe('TurnStatus', () => {
  const state = createGame(defaultConfig('cutthroat'), 'turn-status');
  const names = ['Ann', 'Bo', 'Cy'];

  it("counts down to the server's moment, in whole seconds", () => {
    const seat = state.toAct[0]!;
    const root = render(TurnStatus, {
      view: view(state, seat),
      names,
      mySeat: seat,
      endsAt: 20_000,
      now: 7_400,
    });
    expect(root.querySelector('.timer')?.textContent).toMatch(/\b13\b/);
    expect(root.textContent).toMatch(/your turn/i);
  });

  it('shows no countdown when no turn timer runs', () => {
    const root = render(TurnStatus, {
      view: view(state, 'spectator'),
      names,
      mySeat: null,
      endsAt: null,
      now: 0,
    });
    expect(root.querySelector('.timer')).toBeNull();
  });
});
