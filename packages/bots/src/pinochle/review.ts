/**
 * The double-dummy review of a finished Pinochle hand, every form: each card played is
 * judged by the trick points its seat's side takes with best play by all after it
 * (search/trick-solver.ts). The bidder's side counts: three-handed the bidder alone
 * against the two defenders, in the double deck the bidder's team. A card costs its side
 * the points it gives away against the best card; a defender's loss is the bidder's gain.
 *
 * Decisions are solved from the hand's last card back to its first, on one memo: the
 * late positions the early solves reach are then known. A decision whose exact solve
 * runs past the node budget is estimated (search/trick-solver.ts `estimateCardValues`)
 * and labelled `exact: false`.
 */

import { BadLogError } from '@kibitz/rules';
import {
  type Action,
  type Card,
  counterValue,
  type GameConfig,
  isCounter,
  isThreeHanded,
  lastTrickBonus,
  type PlayedCard,
  parseConfig,
  pinochleTable,
  replay,
  winningIndex,
} from '@kibitz/rules/pinochle';
import type { StoredLog } from '../common/module.ts';
import {
  type GameReview,
  type GameReviewer,
  type HandReview,
  judgePlays,
  type ReviewedPlay,
  type ReviewOptions,
} from '../common/review.ts';
import {
  estimateCardValues,
  type TrickMemo,
  type TrickPosition,
  trickCardValues,
} from './search/trick-solver.ts';

/** Nodes one decision's exact solve may search (about a second of CPU here), then as many for the estimate. */
export const PINOCHLE_REVIEW_NODES = 1_000_000;

type PlayAction = Extract<Action, { type: 'play' }>;

interface Played extends ReviewedPlay<Card> {
  position: TrickPosition;
}

interface HandPlay {
  deal: number;
  bidder: number;
  side: readonly number[];
  buried: number;
  plays: Played[];
  seats: number;
}

/** The last trick's bonus: 10 three-handed ([000], [003]), 2 in the double deck ([004]). */
function lastTrickPoints(config: GameConfig): number {
  return isThreeHanded(config) ? 10 : lastTrickBonus(config);
}

/** Every card play of the log, hand by hand, with the position it was played in. */
function handsOf(config: GameConfig, log: StoredLog): HandPlay[] {
  const hands: HandPlay[] = [];
  const counter = counterValue(config);
  const lastTrick = lastTrickPoints(config);
  const sides = pinochleTable(config).sides;
  const result = replay(
    config,
    log.seed,
    log.actions as { seat: number; action: Action }[],
    (before, _after, move) => {
      if (move.action.type !== 'play') return;
      const hand = before.hand;
      let current = hands.at(-1);
      if (current === undefined || current.deal !== hand.deal) {
        const bidder = hand.bidder ?? 0;
        // Three-handed each seat is a side of its own: the bidder plays alone against the two others.
        const side = sides.find((seats) => seats.includes(bidder)) ?? [bidder];
        current = {
          deal: hand.deal,
          bidder,
          side,
          buried: hand.discards.filter(isCounter).length * counter,
          plays: [],
          seats: before.seatCount,
        };
        hands.push(current);
      }
      current.plays.push({
        version: before.version,
        seat: move.seat,
        card: (move.action as PlayAction).card,
        position: {
          hands: hand.hands,
          trick: hand.trick,
          turn: move.seat,
          trump: hand.trump!,
          rule: config.trickRule,
          counter,
          lastTrick,
          side: current.side,
        },
      });
    },
  );
  if (!result.ok) throw new BadLogError(result.error);
  // Only finished hands: every card of every seat played.
  return hands.filter((hand) => {
    const first = hand.plays[0]!.position;
    const cards = first.hands.reduce((sum, held) => sum + held.length, 0) + first.trick.length;
    return hand.plays.length === cards;
  });
}

/** The points the side took in the tricks as they were played. */
function pointsTaken(hand: HandPlay): number {
  const first = hand.plays[0]!.position;
  let trick: PlayedCard[] = [...first.trick];
  let taken = 0;
  hand.plays.forEach((play, index) => {
    trick.push({ seat: play.seat, card: play.card });
    if (trick.length < hand.seats) return;
    const winner = trick[winningIndex(trick, first.trump)]!.seat;
    let won = trick.filter((played) => isCounter(played.card)).length * first.counter;
    if (index === hand.plays.length - 1) won += first.lastTrick;
    if (hand.side.includes(winner)) taken += won;
    trick = [];
  });
  return taken;
}

function reviewHand(hand: HandPlay, nodes: number): HandReview<PlayAction> {
  const memo: TrickMemo = new Map();
  const { decisions, par: parValue } = judgePlays(hand.plays, nodes, {
    exact: (play, budget) => trickCardValues(play.position, memo, budget),
    estimate: (play) => estimateCardValues(play.position, { nodes: nodes / 10, used: 0 }).values,
    wants: (play) => (hand.side.includes(play.seat) ? 1 : -1),
  });
  return {
    hand: hand.deal + 1,
    par: {
      value: parValue,
      actual: pointsTaken(hand),
      unit: 'points',
      exact: decisions[0]!.exact,
      bidder: hand.bidder,
      side: hand.side,
      trump: hand.plays[0]!.position.trump,
      /** Counters the bidder buried (three-handed): theirs whatever the play, not in `value`. */
      buried: hand.buried,
    },
    decisions,
  };
}

/** The review of every finished Pinochle hand with card play in the log. */
export function reviewPinochle(log: StoredLog, options: ReviewOptions = {}): GameReview<PlayAction> {
  const parsed = parseConfig(log.config);
  if (!parsed.ok) {
    throw new Error(
      `not a Pinochle config: ${parsed.errors.map((e) => `${e.option}: ${e.message}`).join('; ')}`,
    );
  }
  const nodes = options.nodes ?? PINOCHLE_REVIEW_NODES;
  return { hands: handsOf(parsed.config, log).map((hand) => reviewHand(hand, nodes)) };
}

export const pinochleReviewer: GameReviewer = { id: 'pinochle', review: reviewPinochle };
