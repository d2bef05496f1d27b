/**
 * A play-out: from one sampled layout, the hand to play plays a candidate card, then every
 * hand plays on by the rule-based card player until the 13th trick. Each player in the
 * play-out sees only what its seat would see (its own cards and the dummy), so the rollout
 * policy is the bot itself; only the last `solveLast` tricks (strong) are solved exactly,
 * every hand seen, by solve.ts.
 */
import {
  type BridgeCard,
  type BridgeHandId,
  type BridgeView,
  bridgeSuitOf,
  type CompletedBridgeTrick,
  type PlayedBridgeCard,
} from '@kibitz/rules/bridge';
import { decidePlay } from '../play.ts';
import { trickWinner } from '../table.ts';
import { type SolveMemo, solveTricks } from './solve.ts';

/** Tricks a made (or beaten) contract is worth on top of the tricks themselves. */
export const CONTRACT_BONUS = 3;

/**
 * The value, for the side of the view's seat, of playing `card` now in `layout` (four hands,
 * sorted, holding every unplayed card): its side's tricks over the whole hand (in nullo,
 * counted the way the contract counts them) plus CONTRACT_BONUS if the contract goes its way.
 */
export function playOut(
  view: BridgeView,
  layout: readonly (readonly BridgeCard[])[],
  card: BridgeCard,
  /** Once this many tricks or fewer remain, the rest is solved exactly (solve.ts) instead of played by rule. */
  solveLast = 0,
  /** Solved positions shared by the play-outs of one decision (same contract). */
  memo?: SolveMemo,
): number {
  const contract = view.contract!;
  const trump = contract.strain === 'NT' || contract.strain === 'NULLO' ? null : contract.strain;
  const table = view.table;
  const hands = layout.map((cards) => [...cards]);
  let trick: PlayedBridgeCard[] = [...view.trick];
  const tricks: CompletedBridgeTrick[] = [...view.tricks];
  let turn: BridgeHandId = view.turn!;
  let next: BridgeCard | null = card;
  let solved: number | null = null;
  while (tricks.length < 13) {
    if (next === null && 13 - tricks.length <= solveLast) {
      solved = solveTricks(
        {
          hands,
          trick,
          turn,
          table,
          trump,
          declaring: [contract.declarerHand, contract.dummyHand],
          declaringWantsTricks: contract.strain !== 'NULLO',
        },
        memo,
      );
      break;
    }
    if (next === null) {
      const led = trick[0] === undefined ? null : bridgeSuitOf(trick[0].card);
      const own = hands[turn]!;
      const following = led === null ? [] : own.filter((c) => bridgeSuitOf(c) === led);
      const legal = following.length > 0 ? following : own;
      const controller = turn === contract.dummyHand ? contract.declarer : turn;
      const seen: BridgeView = {
        ...view,
        viewer: controller,
        ownHand: controller,
        hand: hands[controller]!,
        // Face up from the opening lead on; a play-out always starts at or after it.
        dummy: hands[contract.dummyHand]!,
        trick,
        tricks,
        turn,
        prompt: { kind: 'play', hand: turn, cards: legal },
      };
      const action = decidePlay(seen, { kind: 'play', hand: turn, cards: legal });
      if (action.type !== 'play' || !legal.includes(action.card)) {
        throw new Error(`play-out: the card player answered ${JSON.stringify(action)} for hand ${turn}`);
      }
      next = action.card;
    }
    const played = next;
    hands[turn] = hands[turn]!.filter((c) => c !== played);
    trick = [...trick, { hand: turn, card: played }];
    next = null;
    if (trick.length === 4) {
      const winner = trickWinner(trick, trump);
      tricks.push({ leader: trick[0]!.hand, cards: trick, winner });
      trick = [];
      turn = winner;
    } else {
      turn = table[(table.indexOf(turn) + 1) % 4]!;
    }
  }
  const declaring =
    tricks.filter((t) => t.winner === contract.declarerHand || t.winner === contract.dummyHand).length +
    (solved ?? 0);
  return sideValue(view, declaring);
}

/**
 * The value for the side of the view's seat of a hand whose declaring side takes
 * `declaring` tricks in all: its side's tricks (in nullo, counted the way the contract
 * counts them) plus CONTRACT_BONUS if the contract goes its way.
 */
export function sideValue(view: BridgeView, declaring: number): number {
  const contract = view.contract!;
  // Nullo (reading 6): the declaring side undertakes that the opponents take the tricks.
  const counted = contract.strain === 'NULLO' ? 13 - declaring : declaring;
  const made = counted >= 6 + contract.level;
  const me = view.turn!;
  const declarerSide = me === contract.declarerHand || me === contract.dummyHand;
  return declarerSide ? counted + (made ? CONTRACT_BONUS : 0) : 13 - counted + (made ? 0 : CONTRACT_BONUS);
}
