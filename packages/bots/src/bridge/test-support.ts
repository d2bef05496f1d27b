/** Builders for the Bridge bot tests: lay out a deal, run calls and plays, read a seat's view. */
import {
  applyBridge,
  BRIDGE_DECK,
  type BridgeAction,
  type BridgeCard,
  type BridgeConfig,
  type BridgeState,
  type BridgeView,
  bridgeCards,
  bridgeView,
  createBridgeGame,
  legalBridgeActions,
  parseBridgeConfig,
} from '@kibitz/rules/bridge';
import { playFirstHand, type TestRules } from '../common/test-support.ts';
import { bridgeBots } from './module.ts';

export function bridgeConfig(options: Record<string, unknown> = {}): BridgeConfig {
  const parsed = parseBridgeConfig({ game: 'auction-bridge', ...options });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.config;
}

/**
 * Four hands from partial ones: each hand keeps the cards given and is filled up to 13 from
 * the rest of the pack in its order (spades from the ace down, then hearts, diamonds, clubs).
 */
export function fill(partial: readonly string[]): string[] {
  const given = partial.map((text) => bridgeCards(text));
  const used = new Set(given.flat());
  const rest = BRIDGE_DECK.filter((card) => !used.has(card));
  return given.map((cards) => [...cards, ...rest.splice(0, 13 - cards.length)].join(' '));
}

/** A fresh rubber whose first deal is `hands` (four hands of 13, hand 3 the blind with three players), dealt by `dealer`. */
export function dealt(config: BridgeConfig, dealer: number, hands: readonly string[]): BridgeState {
  const state = createBridgeGame(config, 'bot-test');
  const cards: BridgeCard[][] = hands.map((text) => bridgeCards(text));
  if (cards.length !== 4 || new Set(cards.flat()).size !== 52 || cards.some((h) => h.length !== 13)) {
    throw new Error('a fixture deal must be four hands of 13 holding the whole pack');
  }
  return {
    ...state,
    toAct: [dealer],
    hand: { ...state.hand, dealer, dealt: cards, hands: cards.map((h) => [...h]) },
  };
}

/** Applies the actions of whoever is to act, in order; throws on a refusal (a broken fixture). */
export function act(state: BridgeState, actions: readonly BridgeAction[]): BridgeState {
  for (const action of actions) {
    const seat = state.toAct[0]!;
    const result = applyBridge(state, seat, action);
    if (!result.ok) throw new Error(`${JSON.stringify(action)} by ${seat}: ${result.rejection.message}`);
    state = result.state;
  }
  return state;
}

/** The view of the seat to act. */
export function viewToAct(state: BridgeState): BridgeView {
  return bridgeView(state, state.toAct[0]!);
}

export const bid = (level: number, strain: 'C' | 'D' | 'H' | 'S' | 'NT'): BridgeAction => ({
  type: 'bid',
  level,
  strain,
});
export const pass: BridgeAction = { type: 'pass' };
export const play = (card: string): BridgeAction => ({ type: 'play', card: bridgeCards(card)[0]! });

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** The state with every card `seat` may not see dealt anew among the hands hiding them. */
export function scrambled(state: BridgeState, seat: number, random: () => number): BridgeState {
  const hand = state.hand;
  const visible = new Set<number>([seat]);
  const openingLeadMade = hand.trick.length > 0 || hand.tricks.length > 0;
  if (hand.contract !== null && openingLeadMade) visible.add(hand.contract.dummyHand);
  const hidden = [0, 1, 2, 3].filter((id) => !visible.has(id));
  const pool = shuffled(
    hidden.flatMap((id) => hand.hands[id]!),
    random,
  );
  const hands: BridgeCard[][] = hand.hands.map((cards) => [...cards]);
  for (const id of hidden) hands[id] = pool.splice(0, hand.hands[id]!.length);
  const deck = shuffled(BRIDGE_DECK, random);
  const dealt = [0, 1, 2, 3].map((id) => deck.slice(id * 13, id * 13 + 13));
  return { ...state, seed: 'scrambled', hand: { ...hand, hands, dealt, seed: 'scrambled' } };
}

export const bridgeRules: TestRules<BridgeState, BridgeAction> = {
  apply: applyBridge,
  legal: legalBridgeActions,
};

/** A rubber played by the quick bots until its first hand played out. */
export function firstPlayedBridgeHand(
  seed: string,
  config = bridgeConfig(),
): { seat: number; action: BridgeAction }[] {
  return playFirstHand(createBridgeGame(config, seed), bridgeRules, (state, seat) =>
    bridgeBots.quickMove(state, seat),
  )!;
}
