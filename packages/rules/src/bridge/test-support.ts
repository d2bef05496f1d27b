/** Builders for the Bridge tests: states are plain JSON, so a test can lay out any deal. */
import { type BridgeCard, bridgeCards } from './cards.ts';
import { type BridgeConfig, parseBridgeConfig } from './config.ts';
import { applyBridge, createBridgeGame } from './engine.ts';
import type { BridgeAction, BridgeSeat, BridgeState, BridgeStrain } from './state.ts';

export function bridgeConfig(options: Record<string, unknown> = {}): BridgeConfig {
  const parsed = parseBridgeConfig({ game: 'auction-bridge', ...options });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.config;
}

/** A fresh game whose dealer is `dealer` (the seed's own first dealer is replaced). */
export function gameWithDealer(config: BridgeConfig, dealer: BridgeSeat, seed = 'test'): BridgeState {
  const state = createBridgeGame(config, seed);
  return { ...state, toAct: [dealer], hand: { ...state.hand, dealer } };
}

/** The same game with the four hands replaced (spaces between cards, 13 each). */
export function withHands(state: BridgeState, hands: readonly string[]): BridgeState {
  const dealt: BridgeCard[][] = hands.map((text) => bridgeCards(text));
  const all = new Set(dealt.flat());
  if (dealt.length !== 4 || all.size !== 52 || dealt.some((cards) => cards.length !== 13)) {
    throw new Error('a fixture deal must be four hands of 13 holding the whole pack');
  }
  return { ...state, hand: { ...state.hand, dealt, hands: dealt.map((cards) => [...cards]) } };
}

export const bid = (level: number, strain: BridgeStrain): BridgeAction => ({ type: 'bid', level, strain });
export const pass: BridgeAction = { type: 'pass' };
export const double: BridgeAction = { type: 'double' };
export const redouble: BridgeAction = { type: 'redouble' };
export const playCard = (card: BridgeCard): BridgeAction => ({ type: 'play', card });

/** Applies the actions in order; throws on the first refusal (a broken test fixture). */
export function run(
  state: BridgeState,
  steps: readonly (readonly [BridgeSeat, BridgeAction])[],
): BridgeState {
  for (const [seat, action] of steps) {
    const result = applyBridge(state, seat, action);
    if (!result.ok) throw new Error(`${JSON.stringify(action)} by ${seat}: ${result.rejection.message}`);
    state = result.state;
  }
  return state;
}

/** The code a refused action gets, null if it is accepted. */
export function refusal(state: BridgeState, seat: BridgeSeat, action: BridgeAction): string | null {
  const result = applyBridge(state, seat, action);
  return result.ok ? null : result.rejection.code;
}

/**
 * Plays the hand out with whoever is to act playing their first legal card, until
 * the hand in progress changes (the next deal) or the rubber ends.
 */
export function playOut(state: BridgeState, choose: (cards: BridgeCard[]) => BridgeCard = (c) => c[0]!) {
  const deal = state.hand.deal;
  while (state.phase === 'play' && state.hand.deal === deal) {
    const seat = state.toAct[0]!;
    const hand = state.hand.hands[state.hand.turn!]!;
    const led = state.hand.trick[0]?.card[1];
    const following = hand.filter((card) => card[1] === led);
    state = run(state, [[seat, playCard(choose(following.length > 0 ? following : hand))]]);
  }
  return state;
}
