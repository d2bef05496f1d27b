/** Hints come from the seat's view alone: the same view over different hidden cards gets the same hint. */
import {
  applyBridge,
  type BridgeState,
  bridgeView,
  createBridgeGame,
  legalBridgeActions,
} from '@kibitz/rules/bridge';
import {
  apply,
  createGame,
  defaultConfig,
  type GameState,
  legalActions,
  view as pinochleView,
} from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { bridgeBots } from './bridge/module.ts';
import { bridgeConfig } from './bridge/test-support.ts';
import { hint, UnknownHintGameError } from './hint.ts';
import { pinochleBots } from './pinochle/module.ts';

/** `hands` with the first pair of different cards of seats a and b swapped for which `same` holds; null when none. */
function swapped<C>(
  hands: readonly (readonly C[])[],
  a: number,
  b: number,
  same: (next: C[][]) => boolean,
): C[][] | null {
  for (let i = 0; i < hands[a]!.length; i++) {
    for (let j = 0; j < hands[b]!.length; j++) {
      if (hands[a]![i] === hands[b]![j]) continue;
      const next = hands.map((cards) => [...cards]);
      next[a]![i] = hands[b]![j]!;
      next[b]![j] = hands[a]![i]!;
      if (same(next)) return next;
    }
  }
  return null;
}

describe('hints', () => {
  it("Cutthroat: the same view with the two other seats' hidden cards exchanged gets the same hint", () => {
    const config = defaultConfig('cutthroat');
    let state: GameState = createGame(config, 'hint-1');
    // Into the card play, a few cards in.
    let plays = 0;
    while (state.phase !== 'play' || plays < 4) {
      const seat = state.toAct[0]!;
      const action = pinochleBots.quickMove(state, seat);
      if (action.type === 'play') plays++;
      const result = apply(state, seat, action);
      if (!result.ok) throw new Error(result.rejection.message);
      state = result.state;
    }
    const seat = state.toAct[0]!;
    const [a, b] = [0, 1, 2].filter((s) => s !== seat) as [number, number];
    const original = pinochleView(state, seat);
    const other = swapped(state.hand.hands, a, b, (hands) => {
      const next = { ...state, hand: { ...state.hand, hands } };
      return JSON.stringify(pinochleView(next, seat)) === JSON.stringify(original);
    });
    expect(other).not.toBeNull();
    const elsewhere: GameState = { ...state, hand: { ...state.hand, hands: other! } };
    expect(elsewhere.hand.hands).not.toEqual(state.hand.hands);
    const first = hint({ game: 'pinochle', view: original });
    const second = hint({ game: 'pinochle', view: pinochleView(elsewhere, seat) });
    expect(second.action).toEqual(first.action);
    expect(legalActions(state, seat)).toContainEqual(first.action);
  });

  it("Bridge: a defender's hint is the same whichever way the declarer's and the other defender's cards lie", () => {
    const config = bridgeConfig();
    let state: BridgeState = createBridgeGame(config, 'hint-1');
    // Past the opening lead and the dummy's first card, to a defender's turn.
    while (state.phase !== 'play' || state.hand.tricks.length < 1 || state.hand.trick.length !== 0) {
      const seat = state.toAct[0]!;
      const result = applyBridge(state, seat, bridgeBots.quickMove(state, seat));
      if (!result.ok) throw new Error(result.rejection.message);
      state = result.state;
    }
    const contract = state.hand.contract!;
    // Play on until a defender is to play.
    while (state.hand.turn === contract.declarerHand || state.hand.turn === contract.dummyHand) {
      const seat = state.toAct[0]!;
      const result = applyBridge(state, seat, bridgeBots.quickMove(state, seat));
      if (!result.ok) throw new Error(result.rejection.message);
      state = result.state;
    }
    const seat = state.toAct[0]!;
    const partner = [0, 1, 2, 3].find(
      (h) => h !== seat && h !== contract.declarerHand && h !== contract.dummyHand,
    )!;
    const original = bridgeView(state, seat);
    const other = swapped(state.hand.hands, contract.declarerHand, partner, (hands) => {
      const next = { ...state, hand: { ...state.hand, hands } };
      return JSON.stringify(bridgeView(next, seat)) === JSON.stringify(original);
    });
    expect(other).not.toBeNull();
    const elsewhere: BridgeState = { ...state, hand: { ...state.hand, hands: other! } };
    const first = hint({ game: 'auction-bridge', view: original });
    const second = hint({ game: 'auction-bridge', view: bridgeView(elsewhere, seat) });
    expect(second.action).toEqual(first.action);
    expect(legalBridgeActions(state, seat)).toContainEqual(first.action);
  });

  it('refuses a game it does not know', () => {
    expect(() => hint({ game: 'skat', view: {} })).toThrow(UnknownHintGameError);
  });
});
