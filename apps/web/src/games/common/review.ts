/**
 * The hand review on the replay's frames, for any game: which frame shows which judged
 * card, the hand's tricks as a list of judged cards, and the marks' words. The review
 * lists each hand's cards in the order played (`hand` is the deal's number from 1), so the
 * k-th card played in a deal's frames is its k-th decision; a card that does not match
 * (a log the review read differently) gets no mark rather than a wrong one.
 */
import type { GameReviewResponse, HandPar, HandReview, ReviewDecision } from '@kibitz/protocol';
import type { ReviewProblem } from '../../lib/api.ts';
import type { AnyCard } from '../../lib/cards.ts';
import type { Locale } from '../../lib/i18n.ts';
import { translate } from '../../lib/i18n.ts';
import type { ReplayFrameBase } from './replay.ts';

/** A judged card on the frame that shows it played. */
export interface ReviewMark {
  /** The frame whose move is this card. */
  frame: number;
  deal: number;
  card: AnyCard;
  /** The best cards (the actions' cards). */
  best: AnyCard[];
  decision: ReviewDecision;
  hand: HandReview;
}

/** The card of a play action (every game plays a card as `{ type: 'play', card }`), else null. */
export function cardOfAction(action: { type: string } | null | undefined): AnyCard | null {
  if (action?.type !== 'play' || !('card' in action) || typeof action.card !== 'string') return null;
  return action.card as AnyCard;
}

/** Each judged card by the index of the frame that shows it played. */
export function markFrames(
  frames: readonly ReplayFrameBase[],
  review: GameReviewResponse,
): Map<number, ReviewMark> {
  const byDeal = new Map(review.hands.map((hand) => [hand.hand - 1, hand]));
  const played = new Map<number, number>();
  const marks = new Map<number, ReviewMark>();
  for (const frame of frames) {
    const card = cardOfAction(frame.move?.action);
    if (card === null) continue;
    const k = played.get(frame.deal) ?? 0;
    played.set(frame.deal, k + 1);
    const hand = byDeal.get(frame.deal);
    const decision = hand?.decisions[k];
    if (!hand || !decision || cardOfAction(decision.played) !== card) continue;
    const best = decision.best.map(cardOfAction).filter((c): c is AnyCard => c !== null);
    marks.set(frame.index, { frame: frame.index, deal: frame.deal, card, best, decision, hand });
  }
  return marks;
}

/**
 * The judged cards of one deal, trick by trick: a card belongs to the trick after those
 * completed on the frame before it (the same whether the table gathers a trick at once or
 * after a pause).
 */
export function trickRows(
  frames: readonly ReplayFrameBase[],
  marks: ReadonlyMap<number, ReviewMark>,
  deal: number,
): ReviewMark[][] {
  const rows = new Map<number, ReviewMark[]>();
  for (const frame of frames) {
    const mark = frame.deal === deal ? marks.get(frame.index) : undefined;
    if (mark === undefined) continue;
    const before = frames[frame.index - 1]?.tricks ?? 0;
    const row = rows.get(before) ?? [];
    row.push(mark);
    rows.set(before, row);
  }
  return [...rows.values()];
}

/** The hand's review of a deal, if it has one. */
export function handOfDeal(review: GameReviewResponse, deal: number): HandReview | null {
  return review.hands.find((hand) => hand.hand === deal + 1) ?? null;
}

/** How a game shows a number of trick points (some tables show every value divided by ten); tricks are counted as they are. */
export type ShownPoints = (points: number) => number;

/** A mark as shown: a short sign for the list ("✓", "−1 trick", "≈ −20") and its words for a screen reader and the caption. */
export interface MarkText {
  short: string;
  label: string;
}

/** The words of a judged card: ✓ when it is among the best, else what it cost; an estimate says so (≈), never shown as exact. */
export function markText(
  decision: Pick<ReviewDecision, 'loss' | 'exact'>,
  unit: HandPar['unit'],
  locale: Locale,
  shown: ShownPoints = (points) => points,
): MarkText {
  const about = decision.exact ? '' : '≈ ';
  if (decision.loss === 0) {
    return {
      short: `${about}✓`,
      label: translate(locale, decision.exact ? 'review.best' : 'review.bestEstimate'),
    };
  }
  const count = unit === 'points' ? shown(decision.loss) : decision.loss;
  const short = unit === 'tricks' ? translate(locale, 'review.markTricks', { count }) : `−${count}`;
  const key =
    unit === 'tricks'
      ? decision.exact
        ? 'review.costTricks'
        : 'review.costTricksEstimate'
      : decision.exact
        ? 'review.costPoints'
        : 'review.costPointsEstimate';
  return { short: `${about}${short}`, label: translate(locale, key, { count }) };
}

/** A value in the par's unit, in words ("9 tricks", "120 points"). */
export function valueText(
  value: number,
  unit: HandPar['unit'],
  locale: Locale,
  shown: ShownPoints = (p) => p,
): string {
  return unit === 'tricks'
    ? translate(locale, 'review.tricks', { count: value })
    : translate(locale, 'review.points', { count: shown(value) });
}

/** The par beside what was taken: two lines; an estimated par says so. */
export function parText(
  par: HandPar,
  locale: Locale,
  shown: ShownPoints = (p) => p,
): { par: string; actual: string } {
  const value = valueText(par.value, par.unit, locale, shown);
  return {
    par: translate(locale, par.exact ? 'review.par' : 'review.parEstimate', { value }),
    actual: translate(locale, 'review.actual', { value: valueText(par.actual, par.unit, locale, shown) }),
  };
}

/**
 * The contract judged, where the game judges one ("4 spades (10 tricks needed): made with
 * best play by all; made as played"); null where the par carries none. `named`: the game's
 * words for its contract's short form.
 */
export function contractText(
  par: HandPar,
  locale: Locale,
  named: (name: string) => string = (name) => name,
  shown: ShownPoints = (p) => p,
): string | null {
  const verdict = par.contract;
  if (verdict === undefined) return null;
  const needed = valueText(verdict.needed, par.unit, locale, shown);
  const key = verdict.atPar
    ? verdict.asPlayed
      ? 'review.contractMakesMade'
      : 'review.contractMakesDown'
    : verdict.asPlayed
      ? 'review.contractDownMade'
      : 'review.contractDownDown';
  const text = translate(locale, key, { contract: named(verdict.name), needed });
  return par.exact ? text : `${text} ${translate(locale, 'review.contractEstimate')}`;
}

/** Why there is no review, in words a player can act on (the server's own message only for an unexpected failure). */
export function problemText(problem: ReviewProblem, message: string, locale: Locale): string {
  if (problem === 'game-running') return translate(locale, 'review.running');
  if (problem === 'review-unavailable') return translate(locale, 'review.unavailable');
  if (problem === 'network') return translate(locale, 'review.network');
  return translate(locale, 'review.failed', { message });
}
