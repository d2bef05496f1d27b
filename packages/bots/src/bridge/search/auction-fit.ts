/**
 * Reading the auction (strong): every bot bids by the same deterministic rules
 * (bidding.ts), so a sampled layout is the likelier the more of the hidden hands' calls
 * the rule bidder, holding that hand, would have made itself. A hand that opened shows its
 * points and its suit, a pass shows their absence; layouts that fit the auction make the
 * card play's guesses (which way to finesse, what to lead) the auction's.
 * Only public facts are read: the calls, the score, the cards played. Against players
 * who bid otherwise the best-fitting layouts are still legal ones, only less telling.
 */
import {
  type BridgeCall,
  type BridgeCard,
  type BridgeHandId,
  type BridgeStrain,
  type BridgeView,
  bridgeStrainOrder,
  sortBridgeCards,
} from '@kibitz/rules/bridge';
import { decideCall } from '../bidding.ts';
import type { HiddenCards } from './sample.ts';

type CallPrompt = Extract<NonNullable<BridgeView['prompt']>, { kind: 'call' }>;

/** One call of a hidden hand: the view its caller had (but for the cards), and what it called. */
interface HiddenCall {
  hand: BridgeHandId;
  view: BridgeView;
  prompt: CallPrompt;
  call: BridgeCall;
}

/** The choices the auction offered before call `i` (as the engine's callChoices). */
function promptBefore(view: BridgeView, i: number): CallPrompt {
  const order = bridgeStrainOrder(view.config);
  const players = view.playerCount;
  const side = (a: number, b: number) => (players === 4 ? a % 2 === b % 2 : a === b);
  const seat = view.calls[i]!.seat;
  let last: { level: number; strain: BridgeStrain; seat: number } | null = null;
  let doubled = 0;
  for (const { seat: s, call } of view.calls.slice(0, i)) {
    if (call.type === 'bid') {
      last = { level: call.level, strain: call.strain, seat: s };
      doubled = 0;
    } else if (call.type === 'double') doubled = 1;
    else if (call.type === 'redouble') doubled = 2;
  }
  const bids: CallPrompt['bids'] = [];
  for (let level = 1; level <= 7; level++) {
    for (const strain of order) {
      if (
        last === null ||
        level > last.level ||
        (level === last.level && order.indexOf(strain) > order.indexOf(last.strain))
      )
        bids.push({ level, strain });
    }
  }
  return {
    kind: 'call',
    bids,
    canDouble: last !== null && doubled === 0 && !side(seat, last.seat),
    canRedouble: last !== null && doubled === 1 && side(seat, last.seat),
  };
}

function sameCall(a: BridgeCall, b: BridgeCall): boolean {
  if (a.type !== b.type) return false;
  return a.type !== 'bid' || (b.type === 'bid' && a.level === b.level && a.strain === b.strain);
}

/**
 * A scorer of layouts against the auction: the number of the hidden hands' calls the rule
 * bidder would not have made with the layout's cards (0 = every call fits). null when no
 * hidden hand called (nothing to read).
 */
export function auctionMisfits(
  view: BridgeView,
  hidden: HiddenCards,
): ((layout: readonly (readonly BridgeCard[])[], enough: number) => number) | null {
  const isHidden = new Set(hidden.hands.map((h) => h.id));
  const calls: HiddenCall[] = [];
  view.calls.forEach((entry, i) => {
    // Seats hold the hands of their number (the blind, hand 3 of three players, never calls).
    if (!isHidden.has(entry.seat)) return;
    const prompt = promptBefore(view, i);
    calls.push({
      hand: entry.seat,
      prompt,
      call: entry.call,
      view: {
        ...view,
        viewer: entry.seat,
        ownHand: entry.seat,
        hand: [],
        dummy: null,
        contract: null,
        calls: view.calls.slice(0, i),
        prompt,
        trick: [],
        tricks: [],
      },
    });
  });
  if (calls.length === 0) return null;
  // The cards each hidden hand has played already: it held them in the auction.
  const played = new Map<BridgeHandId, BridgeCard[]>();
  for (const { hand, card } of [...view.tricks.flatMap((t) => t.cards), ...view.trick]) {
    played.set(hand, [...(played.get(hand) ?? []), card]);
  }
  return (layout, enough) => {
    const dealt = new Map<BridgeHandId, BridgeCard[]>();
    let misfits = 0;
    for (const c of calls) {
      let cards = dealt.get(c.hand);
      if (cards === undefined) {
        cards = sortBridgeCards([...layout[c.hand]!, ...(played.get(c.hand) ?? [])]);
        dealt.set(c.hand, cards);
      }
      if (!sameCall(decideCall({ ...c.view, hand: cards }, c.prompt), c.call)) {
        misfits++;
        if (misfits >= enough) return misfits;
      }
    }
    return misfits;
  };
}
