/**
 * The card player: follow suit with the lowest card that wins when it can, second hand
 * low, third hand high (the lowest of equal cards), lead a winner, from a sequence or from
 * length; the declarer draws trumps first and plays the dummy's cards by the same rules.
 * In a nullo contract every hand ducks. No look-ahead.
 */
import {
  type BridgeAction,
  type BridgeCard,
  type BridgeSuit,
  type BridgeView,
  bridgeSuitOf,
} from '@kibitz/rules/bridge';
import {
  beats,
  byPower,
  canBeBeaten,
  isMaster,
  lowestEquivalent,
  ofSuit,
  type PlayPrompt,
  power,
  readTable,
  type TableKnowledge,
  winningIndex,
} from './table.ts';

const lowest = (cards: readonly BridgeCard[]): BridgeCard => byPower(cards)[0]!;
const highest = (cards: readonly BridgeCard[]): BridgeCard => byPower(cards).at(-1)!;

/** A card to throw: a low one of a side suit that holds no winner, trumps last. */
function throwAway(k: TableKnowledge, legal: readonly BridgeCard[]): BridgeCard {
  const side = legal.filter((card) => bridgeSuitOf(card) !== k.trump);
  const worthless = side.filter((card) => !isMaster(k, card));
  const pool = worthless.length > 0 ? worthless : side.length > 0 ? side : legal;
  // Of equally low cards, keep the guards of short suits: throw from the longest suit.
  return [...pool].sort(
    (a, b) =>
      power(a) - power(b) ||
      ofSuit(k.cards, bridgeSuitOf(b)).length - ofSuit(k.cards, bridgeSuitOf(a)).length,
  )[0]!;
}

function follow(k: TableKnowledge, legal: readonly BridgeCard[]): BridgeCard {
  const trick = k.trick;
  const led = bridgeSuitOf(trick[0]!.card);
  const best = trick[winningIndex(trick, k.trump)]!;
  const following = bridgeSuitOf(legal[0]!) === led;
  const winners = byPower(legal.filter((card) => beats(card, best.card, k.trump)));
  // Winners no opponent still to play can beat.
  const sure = winners.filter((card) => !canBeBeaten(k, card, led));

  if (best.hand === k.partner) {
    // The partner's card holds: nothing to add to it.
    if (!canBeBeaten(k, best.card, led)) return following ? lowest(legal) : throwAway(k, legal);
    if (sure.length > 0) return sure[0]!;
    // Third hand high: make the last hand spend its high card (the lowest of equal cards).
    if (following && winners.length > 0) return lowestEquivalent(k, highest(winners), winners);
    return following ? lowest(legal) : throwAway(k, legal);
  }
  if (winners.length === 0) return following ? lowest(legal) : throwAway(k, legal);
  // Last to play: the lowest card that wins.
  if (k.followers.length === 0) return winners[0]!;
  if (trick.length === 1) {
    // Second hand low; but trump a suit we lack, and cover an honour with a sure winner.
    if (!following) return sure[0] ?? winners[0]!;
    if (power(trick[0]!.card) >= power('JS') && sure.length > 0) return sure[0]!;
    return lowest(legal);
  }
  // Third hand high.
  if (sure.length > 0) return sure[0]!;
  return following ? lowestEquivalent(k, highest(winners), winners) : winners[0]!;
}

/** The top card of a run of two or more touching cards from the ten up, by suit. */
function sequenceTop(k: TableKnowledge, legal: readonly BridgeCard[]): BridgeCard | null {
  let found: BridgeCard | null = null;
  for (const card of legal) {
    if (power(card) < power('TS')) continue;
    const run = lowestEquivalent(k, card);
    const touching = run !== card;
    const isTop = !legal.some(
      (other) => bridgeSuitOf(other) === bridgeSuitOf(card) && power(other) > power(card),
    );
    if (touching && isTop && (found === null || power(card) > power(found))) found = card;
  }
  return found;
}

/** From the longest suit: the ace in a trump contract, the top of two, else the fourth best. */
function fromLength(
  k: TableKnowledge,
  legal: readonly BridgeCard[],
  suits: readonly BridgeSuit[],
): BridgeCard {
  const suit = [...suits].sort((a, b) => ofSuit(legal, b).length - ofSuit(legal, a).length)[0]!;
  const cards = byPower(ofSuit(legal, suit)).reverse();
  if (k.trump !== null && power(cards[0]!) === power('AS')) return cards[0]!;
  if (cards.length <= 2) return cards[0]!;
  return cards[Math.min(3, cards.length - 1)]!;
}

function lead(k: TableKnowledge, legal: readonly BridgeCard[]): BridgeCard {
  const trump = k.trump;
  if (k.declarerSide && trump !== null) {
    // Draw the opponents' trumps while the side holds more of them.
    const mine = ofSuit(legal, trump);
    const ours = mine.length + ofSuit(k.partnerCards ?? [], trump).length;
    const playedTrumps = [...k.played].filter((card) => bridgeSuitOf(card) === trump).length;
    const out = 13 - ours - playedTrumps;
    if (out > 0 && mine.length > 0 && ours > out) {
      const master = mine.filter((card) => isMaster(k, card));
      return master.length > 0
        ? lowestEquivalent(k, highest(master))
        : (sequenceTop(k, mine) ?? lowest(mine));
    }
  }
  // Cash a winner, from the longest suit first; defenders do not cash into a void of the dummy that can trump.
  const dummyRuffs = (card: BridgeCard): boolean =>
    !k.declarerSide &&
    trump !== null &&
    k.dummy !== null &&
    ofSuit(k.dummy, bridgeSuitOf(card)).length === 0 &&
    ofSuit(k.dummy, trump).length > 0;
  const masters = legal.filter(
    (card) => bridgeSuitOf(card) !== trump && isMaster(k, card) && !dummyRuffs(card),
  );
  if (masters.length > 0) {
    return [...masters].sort(
      (a, b) => ofSuit(legal, bridgeSuitOf(b)).length - ofSuit(legal, bridgeSuitOf(a)).length,
    )[0]!;
  }
  // The declarer's side crosses to a partner's winner with a low card.
  if (k.partnerCards !== null) {
    for (const card of k.partnerCards) {
      const suit = bridgeSuitOf(card);
      if (suit !== trump && isMaster(k, card) && ofSuit(legal, suit).length > 0)
        return lowest(ofSuit(legal, suit));
    }
  }
  // A defender leads the partner's suit.
  for (const suit of k.partnerSuits) {
    const cards = ofSuit(legal, suit);
    if (!k.declarerSide && cards.length > 0) return cards.length <= 2 ? highest(cards) : lowest(cards);
  }
  const sequence = sequenceTop(
    k,
    legal.filter((card) => bridgeSuitOf(card) !== trump),
  );
  if (sequence !== null) return sequence;
  const sideSuits = (['S', 'H', 'D', 'C'] as const).filter(
    (suit) => suit !== trump && ofSuit(legal, suit).length > 0,
  );
  return fromLength(k, legal, sideSuits.length > 0 ? sideSuits : [trump!]);
}

/** Nullo: every hand wants as few tricks as it can. Shed the highest card that loses. */
function duck(k: TableKnowledge, legal: readonly BridgeCard[]): BridgeCard {
  if (k.trick.length === 0) return lowest(legal);
  const best = k.trick[winningIndex(k.trick, null)]!;
  const losing = legal.filter((card) => !beats(card, best.card, null));
  return highest(losing.length > 0 ? losing : legal);
}

export function decidePlay(view: BridgeView, prompt: PlayPrompt): BridgeAction {
  const legal = prompt.cards;
  if (legal.length === 1) return { type: 'play', card: legal[0]! };
  const k = readTable(view, prompt);
  const card = k.nullo ? duck(k, legal) : k.trick.length === 0 ? lead(k, legal) : follow(k, legal);
  return { type: 'play', card };
}
