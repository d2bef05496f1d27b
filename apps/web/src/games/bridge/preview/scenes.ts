/**
 * Bridge tables at chosen moments, produced by the real rules engine (@kibitz/rules/bridge):
 * every state here comes from createBridgeGame and applyBridge, never written by hand, so
 * the preview page and the component tests show what a real game shows. The calls of the
 * scripted auctions are checked by the engine like any other (a refused one throws).
 *
 * The players in the longer scenes follow a plain rule of thumb (bid a long suit with a
 * good hand, raise a partner, win a trick as cheaply as possible): enough for a rubber with
 * games, honours and penalties, not a bot.
 */
import {
  applyBridge,
  type BridgeAction,
  type BridgeCard,
  type BridgeConfigInput,
  type BridgeSeat,
  type BridgeState,
  type BridgeView,
  type BridgeViewer,
  bridgeView,
  createBridgeGame,
  legalBridgeActions,
  parseBridgeConfig,
} from '@kibitz/rules/bridge';

export const PREVIEW_NAMES = ['Ann', 'Bo', 'Cy', 'Di'];

export interface Scene {
  id: SceneId;
  state: BridgeState;
  viewer: BridgeViewer;
}

export const SCENE_IDS = [
  'auction',
  'lead',
  'midplay',
  'hand-end',
  'rubber',
  'three-auction',
  'three-play',
  'nullo-auction',
] as const;
export type SceneId = (typeof SCENE_IDS)[number];

export function newGame(options: Omit<BridgeConfigInput, 'game'> = {}, seed = 'preview'): BridgeState {
  const parsed = parseBridgeConfig({ game: 'auction-bridge', ...options });
  if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join('; '));
  return createBridgeGame(parsed.config, seed);
}

/** Applies one action of the seat to act; a refusal is a broken scene and throws. */
export function step(
  state: BridgeState,
  action: BridgeAction,
  seat: BridgeSeat = state.toAct[0]!,
): BridgeState {
  const result = applyBridge(state, seat, action);
  if (!result.ok) throw new Error(`${JSON.stringify(action)} by seat ${seat}: ${result.rejection.message}`);
  return result.state;
}

/** Calls in turn from whoever is to act. */
export function calls(state: BridgeState, list: readonly BridgeAction[]): BridgeState {
  return list.reduce((next, action) => step(next, action), state);
}

const bid = (level: number, strain: 'C' | 'D' | 'H' | 'S' | 'NT'): BridgeAction => ({
  type: 'bid',
  level,
  strain,
});
const pass: BridgeAction = { type: 'pass' };

const POINTS: Record<string, number> = { A: 4, K: 3, Q: 2, J: 1 };
const RANKS = 'AKQJT98765432';

function highCardPoints(cards: readonly BridgeCard[]): number {
  return cards.reduce((sum, card) => sum + (POINTS[card[0]!] ?? 0), 0);
}

function longestSuit(cards: readonly BridgeCard[]): 'C' | 'D' | 'H' | 'S' {
  const suits = ['S', 'H', 'D', 'C'] as const;
  return suits.reduce((best, suit) =>
    cards.filter((card) => card[1] === suit).length > cards.filter((card) => card[1] === best).length
      ? suit
      : best,
  );
}

/** The rule of thumb's call for the seat to act. */
function thumbCall(state: BridgeState): BridgeAction {
  const seat = state.toAct[0]!;
  const legal = legalBridgeActions(state, seat);
  const held = state.hand.hands[seat]!;
  const points = highCardPoints(held);
  const cheapest = (strain: string) =>
    legal.find((action) => action.type === 'bid' && action.strain === strain && action.level <= 3);
  const partner = state.playerCount === 4 ? (seat + 2) % 4 : -1;
  const ownSide = state.hand.calls.filter((entry) => entry.seat === seat || entry.seat === partner);
  const partnerBid = [...state.hand.calls]
    .reverse()
    .find((entry) => entry.seat === partner && entry.call.type === 'bid')?.call;
  if (ownSide.every((entry) => entry.call.type === 'pass') && points >= 12) {
    return cheapest(longestSuit(held)) ?? pass;
  }
  if (partnerBid?.type === 'bid' && points >= 9) {
    const support = held.filter((card) => card[1] === partnerBid.strain).length;
    if (support >= 3) return cheapest(partnerBid.strain) ?? pass;
  }
  return pass;
}

/** The rule of thumb's card: win as cheaply as possible, else throw the lowest; lead from length. */
function thumbCard(state: BridgeState): BridgeAction {
  const seat = state.toAct[0]!;
  const cards = legalBridgeActions(state, seat).flatMap((action) =>
    action.type === 'play' ? [action.card] : [],
  );
  const strength = (card: BridgeCard) => RANKS.length - RANKS.indexOf(card[0]!);
  const low = [...cards].sort((a, b) => strength(a) - strength(b));
  const trick = state.hand.trick;
  if (trick.length === 0) {
    const suit = longestSuit(cards);
    const ofSuit = low.filter((card) => card[1] === suit);
    return { type: 'play', card: ofSuit.at(-1) ?? low.at(-1)! };
  }
  const trump = state.hand.contract!.strain;
  const power = (card: BridgeCard) =>
    card[1] === trump ? 100 + strength(card) : card[1] === trick[0]!.card[1] ? strength(card) : 0;
  const best = Math.max(...trick.map((played) => power(played.card)));
  const winner = low.find((card) => power(card) > best);
  return { type: 'play', card: winner ?? low[0]! };
}

/** Plays by the rule of thumb until `done` holds (or the rubber ends). */
export function playUntil(
  state: BridgeState,
  done: (state: BridgeState) => boolean,
  limit = 5000,
): BridgeState {
  let next = state;
  for (let moves = 0; moves < limit && next.phase !== 'game-over' && !done(next); moves++) {
    const action: BridgeAction =
      next.phase === 'auction'
        ? thumbCall(next)
        : next.phase === 'trick-end'
          ? { type: 'gather' }
          : next.phase === 'hand-end'
            ? { type: 'continue' }
            : thumbCard(next);
    next = step(next, action);
  }
  return next;
}

/** The dealer, then the next seats clockwise: 1♦, 1♠, 2♦, double. The dealer may now redouble. */
function auctionScene(): Scene {
  const state = calls(newGame({}, 'preview-auction'), [
    bid(1, 'D'),
    bid(1, 'S'),
    bid(2, 'D'),
    { type: 'double' },
  ]);
  return { id: 'auction', state, viewer: state.toAct[0]! };
}

/** The lead scene's deal with its auction won at 2♥, the opening lead not yet made. */
export function leadContract(): BridgeState {
  return calls(newGame({}, 'preview-lead'), [bid(1, 'H'), pass, bid(2, 'H'), pass, pass, pass]);
}

/** The opening lead made: the declarer, at the bottom, is to play from the dummy. */
function leadScene(): Scene {
  let state = leadContract();
  state = step(state, thumbCard(state));
  return { id: 'lead', state, viewer: state.hand.contract!.declarer };
}

/** Five tricks played and two cards of the sixth, seen by the defender on the dummy's left. */
function midplayScene(): Scene {
  let state = newGame({}, 'preview-midplay');
  state = calls(state, [bid(1, 'NT'), pass, bid(3, 'NT'), pass, pass, { type: 'double' }, pass, pass, pass]);
  state = playUntil(state, (next) => next.hand.tricks.length === 5 && next.hand.trick.length === 2);
  const contract = state.hand.contract!;
  return { id: 'midplay', state, viewer: (contract.declarer + 3) % 4 };
}

/** A paced table after its first hand played out: the result waits for every seat's Continue. */
function handEndScene(): Scene {
  const state = playUntil(
    newGame({ paced: true }, 'preview-hand-end'),
    (next) => next.phase === 'hand-end' && next.history.at(-1)?.outcome === 'played',
  );
  return { id: 'hand-end', state, viewer: 0 };
}

/** A whole rubber played by the rule of thumb: the sheet with its games and the rubber bonus. */
function rubberScene(): Scene {
  const state = playUntil(newGame({}, 'preview-rubber'), () => false);
  return { id: 'rubber', state, viewer: 0 };
}

/** The three-person form in its auction: the blind hand face down in the empty place. */
function threeAuctionScene(): Scene {
  const state = calls(newGame({ players: 3 }, 'preview-three'), [bid(1, 'S'), bid(2, 'C')]);
  return { id: 'three-auction', state, viewer: state.toAct[0]! };
}

/** The three-person form after the opening lead: the blind hand face up opposite the declarer. */
function threePlayScene(): Scene {
  let state = calls(newGame({ players: 3 }, 'preview-three'), [
    bid(1, 'S'),
    bid(2, 'C'),
    bid(2, 'S'),
    pass,
    pass,
  ]);
  state = playUntil(state, (next) => next.hand.tricks.length === 2 && next.hand.trick.length === 1);
  const declarer = state.hand.contract!.declarer;
  return { id: 'three-play', state, viewer: (declarer + 1) % 3 };
}

/** The nullo house rule: "1 Pik < 1 Nullo < 1 Sans-Atout" (reading 6), after an opening 1♠. */
function nulloAuctionScene(): Scene {
  const state = calls(newGame({ nullo: true }, 'preview-nullo'), [bid(1, 'S')]);
  return { id: 'nullo-auction', state, viewer: state.toAct[0]! };
}

const BUILDERS: Record<SceneId, () => Scene> = {
  auction: auctionScene,
  lead: leadScene,
  midplay: midplayScene,
  'hand-end': handEndScene,
  rubber: rubberScene,
  'three-auction': threeAuctionScene,
  'three-play': threePlayScene,
  'nullo-auction': nulloAuctionScene,
};

export function scene(id: SceneId): Scene {
  return BUILDERS[id]();
}

/** What the scene's viewer is sent: the engine's own view. */
export function sceneView(scene: Scene): BridgeView {
  return bridgeView(scene.state, scene.viewer);
}
