/**
 * Determinization for Bridge: one complete layout of the four hands consistent with what a
 * seat sees in its view: its own hand, the dummy once face up, every card played, and the
 * suits a hand has shown it lacks by not following. The cards the seat cannot see are dealt
 * at random among the hands hiding them, each hand getting as many as it holds.
 */
import {
  BRIDGE_DECK,
  type BridgeCard,
  type BridgeHandId,
  type BridgeSuit,
  type BridgeView,
  bridgeSuitOf,
} from '@kibitz/rules/bridge';

/** The view's counts and cards do not add up (a bug upstream: views come from the engine). */
export class InconsistentBridgeViewError extends Error {
  override name = 'InconsistentBridgeViewError';
}

export interface HiddenCards {
  /** Hands the seat cannot see, with the number of cards each still holds. */
  hands: { id: BridgeHandId; room: number; voids: ReadonlySet<BridgeSuit> }[];
  /** The unseen cards: neither in a visible hand nor played. */
  cards: BridgeCard[];
  /** Visible hands' cards, by hand id (null where hidden). */
  known: (readonly BridgeCard[] | null)[];
}

/** What is hidden from the view's seat, and where it may lie. */
export function hiddenCards(view: BridgeView): HiddenCards {
  if (view.ownHand === null || view.hand === null)
    throw new InconsistentBridgeViewError('a spectator has no hand');
  const known: (readonly BridgeCard[] | null)[] = [null, null, null, null];
  known[view.ownHand] = view.hand;
  if (view.dummy !== null && view.contract !== null) known[view.contract.dummyHand] = view.dummy;
  const seen = new Set<BridgeCard>(known.flatMap((cards) => cards ?? []));
  const voids = new Map<BridgeHandId, Set<BridgeSuit>>();
  for (const trick of [...view.tricks.map((t) => t.cards), view.trick]) {
    const led = trick[0] === undefined ? null : bridgeSuitOf(trick[0].card);
    for (const { hand, card } of trick) {
      seen.add(card);
      if (led !== null && bridgeSuitOf(card) !== led) {
        const set = voids.get(hand) ?? new Set<BridgeSuit>();
        set.add(led);
        voids.set(hand, set);
      }
    }
  }
  const hands = [0, 1, 2, 3]
    .filter((id) => known[id] === null)
    .map((id) => ({ id, room: view.handCounts[id]!, voids: voids.get(id) ?? new Set<BridgeSuit>() }));
  const cards = BRIDGE_DECK.filter((card) => !seen.has(card));
  const room = hands.reduce((sum, hand) => sum + hand.room, 0);
  if (room !== cards.length) {
    throw new InconsistentBridgeViewError(`${cards.length} unseen cards for ${room} places`);
  }
  return { hands, cards, known };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** One try at dealing the unseen cards honouring the voids; null when it paints itself into a corner. */
function tryDeal(hidden: HiddenCards, random: () => number, honourVoids: boolean): BridgeCard[][] | null {
  const hands: BridgeCard[][] = hidden.known.map((cards) => (cards === null ? [] : [...cards]));
  const room = new Map(hidden.hands.map((hand) => [hand.id, hand.room]));
  const fits = (card: BridgeCard) =>
    hidden.hands.filter((hand) => !honourVoids || !hand.voids.has(bridgeSuitOf(card)));
  // The most constrained cards first (a suit only one hand may hold), in random order otherwise.
  const order = shuffle([...hidden.cards], random)
    .map((card) => ({ card, options: fits(card) }))
    .sort((a, b) => a.options.length - b.options.length);
  for (const { card, options } of order) {
    const open = options.filter((hand) => room.get(hand.id)! > 0);
    const total = open.reduce((sum, hand) => sum + room.get(hand.id)!, 0);
    if (total === 0) return null;
    // Weighted by the room left, so every layout of a free card is about equally likely.
    let pick = random() * total;
    let chosen = open[open.length - 1]!;
    for (const hand of open) {
      pick -= room.get(hand.id)!;
      if (pick < 0) {
        chosen = hand;
        break;
      }
    }
    hands[chosen.id]!.push(card);
    room.set(chosen.id, room.get(chosen.id)! - 1);
  }
  return hands;
}

/**
 * The four hands of one sampled layout. After `attempts` failed tries the voids are let go
 * (a layout that breaks no rule of play is still a fair game to play out).
 */
export function sampleLayout(hidden: HiddenCards, random: () => number, attempts: number): BridgeCard[][] {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const hands = tryDeal(hidden, random, true);
    if (hands !== null) return hands;
  }
  return tryDeal(hidden, random, false)!;
}
