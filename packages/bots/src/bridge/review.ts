/**
 * The double-dummy review of a finished Auction Bridge hand (four players, or three with
 * the blind hand as dummy): each card played is judged by the tricks the declaring side
 * takes with best play by all after it (search/solve.ts `solveTricks`). A declarer's (or
 * dummy's) card costs the tricks it gives away; a defender's the tricks it gives the
 * declarers. In nullo the declarers want as few tricks as they can, and the cost is
 * counted that way round.
 *
 * Cards that touch (nothing still in play between them in their suit) are one choice: the
 * solve of one stands for all. Decisions are solved from the hand's last card back, on one
 * memo (the late positions the early solves reach are then known). The solver is exact
 * for the last seven to ten tricks within the budget; a decision whose exact solve runs
 * past it is estimated (searches 1, 2, … tricks deep with a static estimate of the rest,
 * deepening while a quarter of the budget lasts) and labelled `exact: false`. After
 * GIVE_UP_AFTER such decisions in a row the earlier (larger) ones are only estimated.
 */

import { BadLogError } from '@kibitz/rules';
import {
  BRIDGE_BOOK,
  BRIDGE_SUITS,
  type BridgeAction,
  type BridgeCard,
  type BridgeState,
  type BridgeStrain,
  type BridgeSuit,
  bridgeSuitOf,
  legalBridgeActions,
  parseBridgeConfig,
  replayBridge,
} from '@kibitz/rules/bridge';
import type { StoredLog } from '../common/module.ts';
import { mtd } from '../common/mtd.ts';
import {
  type GameReview,
  type GameReviewer,
  type HandReview,
  judgePlays,
  type ReviewedPlay,
  type ReviewOptions,
} from '../common/review.ts';
import { type SolveBudget, SolveBudgetError, unlimited } from '../common/solve-budget.ts';
import { type EndPosition, type SolveMemo, solveTricks } from './search/solve.ts';
import { power, trickWinner } from './table.ts';

/** Nodes one decision's exact solve may search (some 0.3 s of CPU here). */
export const BRIDGE_REVIEW_NODES = 1_000_000;

type PlayAction = Extract<BridgeAction, { type: 'play' }>;

interface Played extends ReviewedPlay<BridgeCard> {
  position: EndPosition;
  /** The cards the rules accept from the seat then. */
  legal: BridgeCard[];
}

/** The trump suit: none in Sans-Atout and in nullo ([002], the rules' trumpOf). */
function trumpOf(strain: BridgeStrain): BridgeSuit | null {
  return strain === 'NT' || strain === 'NULLO' ? null : strain;
}

interface HandPlay {
  deal: number;
  state: BridgeState;
  plays: Played[];
}

/** Every card play of the log, hand by hand, with the position it was played in. */
function handsOf(log: StoredLog): HandPlay[] {
  const parsed = parseBridgeConfig(log.config);
  if (!parsed.ok) {
    throw new Error(
      `not a Bridge config: ${parsed.errors.map((e) => `${e.option}: ${e.message}`).join('; ')}`,
    );
  }
  const hands: HandPlay[] = [];
  const actions = log.actions as { seat: number; action: BridgeAction }[];
  const result = replayBridge(parsed.config, log.seed, actions, (before, _after, move) => {
    if (move.action.type !== 'play') return;
    const hand = before.hand;
    const contract = hand.contract!;
    let current = hands.at(-1);
    if (current === undefined || current.deal !== hand.deal) {
      current = { deal: hand.deal, state: before, plays: [] };
      hands.push(current);
    }
    current.plays.push({
      version: before.version,
      seat: move.seat,
      card: move.action.card,
      position: {
        hands: hand.hands,
        trick: hand.trick,
        turn: hand.turn!,
        table: hand.table,
        trump: trumpOf(contract.strain),
        declaring: [contract.declarerHand, contract.dummyHand],
        declaringWantsTricks: contract.strain !== 'NULLO',
      },
      legal: legalBridgeActions(before, move.seat).flatMap((action) =>
        action.type === 'play' ? [action.card] : [],
      ),
    });
  });
  if (!result.ok) throw new BadLogError(result.error);
  return hands.filter((hand) => hand.plays.length === 52);
}

/** The position after `card` is played from it, and the declaring side's tricks it settles (a finished trick). */
function after(position: EndPosition, card: BridgeCard): { rest: EndPosition; gained: number } {
  const turn = position.turn;
  const hands = position.hands.map((cards, h) => (h === turn ? cards.filter((c) => c !== card) : cards));
  const trick = [...position.trick, { hand: turn, card }];
  const at = position.table.indexOf(turn);
  if (trick.length < 4) {
    const next = position.table[(at + 1) % position.table.length]!;
    return { rest: { ...position, hands, trick, turn: next }, gained: 0 };
  }
  const winner = trickWinner(trick, position.trump);
  return {
    rest: { ...position, hands, trick: [], turn: winner },
    gained: position.declaring.includes(winner) ? 1 : 0,
  };
}

/**
 * The legal cards, one of each touching run (the strongest stands for the run): cards of
 * one suit with no card of another hand or of the trick between them win and lose alike.
 */
function choices(position: EndPosition, legal: readonly BridgeCard[]): Map<BridgeCard, BridgeCard> {
  const elsewhere = new Set<BridgeCard>(position.trick.map((played) => played.card));
  position.hands.forEach((cards, h) => {
    if (h !== position.turn) for (const card of cards) elsewhere.add(card);
  });
  const standsFor = new Map<BridgeCard, BridgeCard>();
  for (const suit of BRIDGE_SUITS) {
    const mine = legal.filter((card) => bridgeSuitOf(card) === suit).sort((a, b) => power(b) - power(a));
    let stand: BridgeCard | null = null;
    let previous = -1;
    for (const card of mine) {
      const p = power(card);
      const between = [...elsewhere].some(
        (c) => bridgeSuitOf(c) === suit && power(c) > p && power(c) < previous,
      );
      if (stand === null || between) stand = card;
      standsFor.set(card, stand);
      previous = p;
    }
  }
  return standsFor;
}

/** Each legal card's value (the declaring side's tricks from here), exact, or cut at `horizon` tricks. */
function cardValues(
  position: EndPosition,
  legal: readonly BridgeCard[],
  memo: SolveMemo,
  budget: SolveBudget,
  horizon = -1,
): Map<BridgeCard, number> {
  const standsFor = choices(position, legal);
  const solved = new Map<BridgeCard, number>();
  let guess = 7;
  for (const stand of new Set(standsFor.values())) {
    const { rest, gained } = after(position, stand);
    const left = rest.hands.some((cards) => cards.length > 0);
    // A finished trick counts towards the horizon.
    const deep = horizon < 0 ? -1 : horizon - (rest.trick.length === 0 ? 1 : 0);
    const value =
      left && deep !== 0 ? mtd(guess, (a, b) => solveTricks(rest, memo, budget, [a, b], deep), 14) : 0;
    solved.set(stand, gained + value);
    guess = value;
  }
  return new Map([...standsFor].map(([card, stand]) => [card, solved.get(stand)!]));
}

/** Estimates (never exact): searches 1, 2, … tricks deep while the budget lasts; the deepest finished one answers. */
function estimateValues(
  position: EndPosition,
  legal: readonly BridgeCard[],
  nodes: number,
): Map<BridgeCard, number> {
  const budget = { nodes, used: 0 };
  let answer: Map<BridgeCard, number> | null = null;
  for (let horizon = 1; horizon <= 13; horizon++) {
    try {
      answer = cardValues(position, legal, new Map(), budget, horizon);
    } catch (error) {
      if (!(error instanceof SolveBudgetError)) throw error;
      break;
    }
  }
  return answer ?? cardValues(position, legal, new Map(), unlimited(), 1);
}

function reviewHand(hand: HandPlay, nodes: number): HandReview<PlayAction> {
  const memo: SolveMemo = new Map();
  const contract = hand.state.hand.contract!;
  const { decisions, par: parValue } = judgePlays(hand.plays, nodes, {
    exact: (play, budget) => cardValues(play.position, play.legal, memo, budget),
    estimate: (play) => estimateValues(play.position, play.legal, nodes / 4),
    wants: ({ position }) =>
      position.declaring.includes(position.turn) === position.declaringWantsTricks ? 1 : -1,
  });
  const declaring = [contract.declarerHand, contract.dummyHand];
  let actual = 0;
  for (let t = 0; t < 13; t++) {
    const trick = hand.plays.slice(t * 4, t * 4 + 4).map((p) => ({ hand: p.position.turn, card: p.card }));
    if (declaring.includes(trickWinner(trick, trumpOf(contract.strain)))) actual++;
  }
  // "the declaring side undertakes to win book (6) + level tricks"; in nullo (reading 6) that
  // the opponents take them (score.ts handEntries counts the same way).
  const needed = BRIDGE_BOOK + contract.level;
  const counted = (tricks: number) => (contract.strain === 'NULLO' ? 13 - tricks : tricks);
  return {
    hand: hand.deal + 1,
    par: {
      value: parValue,
      actual,
      unit: 'tricks',
      exact: decisions[0]!.exact,
      contract: {
        name: `${contract.level}${contract.strain}${['', 'X', 'XX'][contract.doubled]}`,
        needed,
        atPar: counted(parValue) >= needed,
        asPlayed: counted(actual) >= needed,
      },
      declarer: contract.declarer,
    },
    decisions,
  };
}

/** The review of every Auction Bridge hand played out to its 13th trick in the log. */
export function reviewBridge(log: StoredLog, options: ReviewOptions = {}): GameReview<PlayAction> {
  const nodes = options.nodes ?? BRIDGE_REVIEW_NODES;
  return { hands: handsOf(log).map((hand) => reviewHand(hand, nodes)) };
}

export const bridgeReviewer: GameReviewer = { id: 'auction-bridge', review: reviewBridge };
