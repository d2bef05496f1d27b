/**
 * What the card player knows at its turn, read from its view alone: the hand it plays from
 * (its own, or the dummy's for the declarer), its partner at the table and that hand's
 * cards when they are face up, the dummy, every card played, and the suits a hand has shown
 * it lacks by not following.
 */
import {
  BRIDGE_DECK,
  BRIDGE_RANKS,
  BRIDGE_SUITS,
  type BridgeCard,
  type BridgeHandId,
  type BridgePrompt,
  type BridgeSuit,
  type BridgeView,
  bridgeRankOf,
  bridgeSuitOf,
  type PlayedBridgeCard,
} from '@kibitz/rules/bridge';

const isSuit = (strain: string): strain is BridgeSuit => (BRIDGE_SUITS as readonly string[]).includes(strain);

export type PlayPrompt = Extract<BridgePrompt, { kind: 'play' }>;

/** Higher = stronger within its suit: the ace 12, the two 0. */
export function power(card: BridgeCard): number {
  return BRIDGE_RANKS.length - 1 - BRIDGE_RANKS.indexOf(bridgeRankOf(card));
}

export interface TableKnowledge {
  trump: BridgeSuit | null;
  nullo: boolean;
  /** The hand to play from. */
  me: BridgeHandId;
  partner: BridgeHandId;
  /** The cards of the hand to play from. */
  cards: readonly BridgeCard[];
  /** The partner's cards when face up to this player (the dummy, or the declarer's own for the dummy). */
  partnerCards: readonly BridgeCard[] | null;
  dummyHand: BridgeHandId;
  /** The dummy's cards once face up. */
  dummy: readonly BridgeCard[] | null;
  declarerSide: boolean;
  played: ReadonlySet<BridgeCard>;
  /** Hands still to play to the current trick after this one, in order. */
  followers: BridgeHandId[];
  /** Suits each hand has shown void in. */
  voids: Map<BridgeHandId, Set<BridgeSuit>>;
  trick: readonly PlayedBridgeCard[];
  /** The suits each side named in the auction, for the opening lead. */
  partnerSuits: BridgeSuit[];
}

export function readTable(view: BridgeView, prompt: PlayPrompt): TableKnowledge {
  const contract = view.contract!;
  const me = prompt.hand;
  const table = view.table;
  const at = table.indexOf(me);
  const partner = table[(at + 2) % 4]!;
  const own = view.hand ?? [];
  const cardsOf = (id: BridgeHandId): readonly BridgeCard[] | null =>
    id === view.ownHand ? own : id === contract.dummyHand ? view.dummy : null;
  const played = new Set<BridgeCard>();
  const voids = new Map<BridgeHandId, Set<BridgeSuit>>();
  for (const trick of [...view.tricks.map((t) => t.cards), view.trick]) {
    const led = trick[0] === undefined ? null : bridgeSuitOf(trick[0].card);
    for (const { hand, card } of trick) {
      played.add(card);
      if (led !== null && bridgeSuitOf(card) !== led) {
        const set = voids.get(hand) ?? new Set<BridgeSuit>();
        set.add(led);
        voids.set(hand, set);
      }
    }
  }
  const followers: BridgeHandId[] = [];
  for (let step = 1; step < 4 - view.trick.length; step++) followers.push(table[(at + step) % 4]!);
  const declarerSide = me === contract.declarerHand || me === contract.dummyHand;
  // With four players the partner's bid suits show where to lead; with three the
  // defenders bid alone, so none.
  const partnerSeat = view.playerCount === 4 ? partner : -1;
  const partnerSuits = view.calls.flatMap(({ seat, call }) =>
    call.type === 'bid' && seat === partnerSeat && isSuit(call.strain) ? [call.strain] : [],
  );
  return {
    trump: contract.strain === 'NT' || contract.strain === 'NULLO' ? null : contract.strain,
    nullo: contract.strain === 'NULLO',
    me,
    partner,
    cards: cardsOf(me) ?? [],
    partnerCards: cardsOf(partner),
    dummyHand: contract.dummyHand,
    dummy: view.dummy,
    declarerSide,
    played,
    followers,
    voids,
    trick: view.trick,
    partnerSuits,
  };
}

/** Does `card` beat `best`, the card winning the trick so far? */
export function beats(card: BridgeCard, best: BridgeCard, trump: BridgeSuit | null): boolean {
  if (bridgeSuitOf(card) === bridgeSuitOf(best)) return power(card) > power(best);
  return bridgeSuitOf(card) === trump;
}

export function winningIndex(trick: readonly PlayedBridgeCard[], trump: BridgeSuit | null): number {
  let best = 0;
  for (let i = 1; i < trick.length; i++) if (beats(trick[i]!.card, trick[best]!.card, trump)) best = i;
  return best;
}

/** The hand whose card wins the trick. */
export function trickWinner(trick: readonly PlayedBridgeCard[], trump: BridgeSuit | null): BridgeHandId {
  return trick[winningIndex(trick, trump)]!.hand;
}

/** Cards neither played nor seen in a hand face up to this player. */
export function unseen(k: TableKnowledge): BridgeCard[] {
  const seen = new Set<BridgeCard>([...k.played, ...k.cards, ...(k.partnerCards ?? []), ...(k.dummy ?? [])]);
  return BRIDGE_DECK.filter((card) => !seen.has(card));
}

/** Every higher card of its suit is played or held by this side: the card wins its suit. */
export function isMaster(k: TableKnowledge, card: BridgeCard): boolean {
  const ours = new Set<BridgeCard>([...k.cards, ...(k.partnerCards ?? [])]);
  const suit = bridgeSuitOf(card);
  return BRIDGE_DECK.every(
    (other) =>
      bridgeSuitOf(other) !== suit || power(other) <= power(card) || k.played.has(other) || ours.has(other),
  );
}

/**
 * Could an opponent still to play beat `card` if it wins the trick now? A hand face up is
 * read exactly; a hidden one may hold any unseen card, and may trump only a suit it has
 * shown void in.
 */
export function canBeBeaten(k: TableKnowledge, card: BridgeCard, led: BridgeSuit): boolean {
  const hidden = unseen(k);
  for (const hand of k.followers) {
    if (hand === k.partner) continue;
    const visible = hand === k.dummyHand ? k.dummy : null;
    if (visible !== null) {
      const following = visible.filter((c) => bridgeSuitOf(c) === led);
      const choices = following.length > 0 ? following : visible;
      if (choices.some((c) => beats(c, card, k.trump))) return true;
      continue;
    }
    const higherInLed = hidden.some((c) => bridgeSuitOf(c) === led && beats(c, card, k.trump));
    if (higherInLed) return true;
    const void_ = k.voids.get(hand)?.has(led) ?? false;
    if (
      void_ &&
      k.trump !== null &&
      hidden.some((c) => bridgeSuitOf(c) === k.trump && beats(c, card, k.trump))
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The lowest card of `card`'s unbroken run in the hand (cards played in between count as
 * touching), taken only from `among` (default: the whole hand), e.g. the cards that still win.
 */
export function lowestEquivalent(
  k: TableKnowledge,
  card: BridgeCard,
  among: readonly BridgeCard[] = k.cards,
): BridgeCard {
  const suit = bridgeSuitOf(card);
  let lowest = card;
  for (let p = power(card) - 1; p >= 0; p--) {
    const next = `${BRIDGE_RANKS[BRIDGE_RANKS.length - 1 - p]}${suit}` as BridgeCard;
    if (k.cards.includes(next) && among.includes(next)) lowest = next;
    else if (!k.played.has(next)) break;
  }
  return lowest;
}

export function ofSuit(cards: readonly BridgeCard[], suit: BridgeSuit): BridgeCard[] {
  return cards.filter((card) => bridgeSuitOf(card) === suit);
}

/** Lowest first. */
export function byPower(cards: readonly BridgeCard[]): BridgeCard[] {
  return [...cards].sort((a, b) => power(a) - power(b));
}
