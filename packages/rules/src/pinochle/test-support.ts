/** Builders for tests: states are plain JSON, so a test can set up any table directly. */
import { type Card, cards } from './cards.ts';
import { defaultConfig, type GameConfig, parseConfig, type Variant } from './config.ts';
import { apply, createGame } from './engine.ts';
import type { MeldResult } from './meld/index.ts';
import type { Action, CompletedTrick, GameState, HandState, Seat } from './state.ts';

export function config(variant: Variant, options: Record<string, unknown> = {}): GameConfig {
  const parsed = parseConfig({ variant, ...options });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.config;
}

export function meldOf(total: number): MeldResult {
  return { total, items: [], shownCards: [] };
}

/** A hand in play with the given won cards and trick winners (cards in tricks are not checked). */
export function playedHand(options: {
  seats: number;
  bidder: Seat;
  bid: number;
  melds: number[];
  won: string[];
  trickWinners: Seat[];
  discards?: string;
}): HandState {
  const tricks: CompletedTrick[] = options.trickWinners.map((winner) => ({
    leader: winner,
    cards: [],
    winner,
  }));
  return {
    deal: 0,
    dealer: 0,
    seed: 'fixture',
    hands: Array.from({ length: options.seats }, () => []),
    widow: [],
    widowTurned: true,
    bidding: { entries: [], highBid: options.bid, highBidder: options.bidder, passed: [], turns: [] },
    bidder: options.bidder,
    bid: options.bid,
    discards: cards(options.discards ?? ''),
    trump: 'C',
    passing: null,
    melds: options.melds.map(meldOf),
    trick: [],
    leader: null,
    tricks,
    won: options.won.map((list) => cards(list)),
  };
}

/** n copies of a card list, as one space-separated string. */
export function times(n: number, list: string): string {
  return Array.from({ length: n }, () => list).join(' ');
}

/** Applies actions in turn, failing the test with the rejection if any is refused. */
export function play(state: GameState, steps: [Seat, Action][]): GameState {
  for (const [seat, action] of steps) {
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)}: ${result.rejection.message}`);
    state = result.state;
  }
  return state;
}

/** A fresh game whose current hand holds the given cards (the deal is replaced). */
export function gameWithHands(
  variant: Variant | GameConfig,
  hands: string[],
  options: { widow?: string; dealer?: Seat } = {},
): GameState {
  const cfg = typeof variant === 'string' ? defaultConfig(variant) : variant;
  const game = createGame(cfg, 'fixture');
  const dealer = options.dealer ?? 0;
  const dealt: Card[][] = hands.map((list) => cards(list));
  return {
    ...game,
    toAct: [(dealer + 1) % game.seatCount],
    hand: { ...game.hand, dealer, hands: dealt, widow: cards(options.widow ?? ''), won: dealt.map(() => []) },
  };
}

/** A newly dealt game with seat `dealer` dealing (so forehand is dealer + 1). */
export function freshGame(cfg: GameConfig, dealer: Seat = 0, seed = 'fixture'): GameState {
  const game = createGame(cfg, seed);
  return { ...game, toAct: [(dealer + 1) % game.seatCount], hand: { ...game.hand, dealer } };
}
