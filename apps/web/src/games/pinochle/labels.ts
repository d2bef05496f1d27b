/** Words for game things: meld items, moves in the replay, sides of the score sheet. */
import type { Action, Card, MeldItem } from '@kibitz/rules/pinochle';
import { cardName, suitName } from '../../lib/cards.ts';
import { type Locale, listOf, translate } from '../../lib/i18n.ts';

/** "Run (spades)", "Marriage (hearts) ×2", "Aces around". */
export function meldLabel(item: MeldItem, locale: Locale): string {
  const kind = translate(locale, `meld.${item.kind}`);
  const suit = item.suit === null ? '' : ` (${suitName(item.suit, locale)})`;
  const times = item.multiplicity > 1 ? ` ${translate(locale, 'meld.times', { n: item.multiplicity })}` : '';
  return `${kind}${suit}${times}`;
}

/** One move in words, for the replay's move list: "Ann plays the ace of spades". */
export function describeAction(
  action: Action,
  name: string,
  locale: Locale,
  points: (n: number) => string,
): string {
  const cards = (list: readonly Card[]) =>
    listOf(
      locale,
      list.map((card) => cardName(card, locale)),
    );
  switch (action.type) {
    case 'bid':
      return translate(locale, 'action.bid', { name, amount: points(action.amount) });
    case 'pass':
    case 'call-redeal':
    case 'concede':
    case 'gather':
    case 'continue':
      return translate(locale, `action.${action.type}`, { name });
    case 'discard':
    case 'pass-cards':
      return translate(locale, `action.${action.type}`, { name, cards: cards(action.cards) });
    case 'name-trump':
    case 'request-suit':
      return translate(locale, `action.${action.type}`, { name, suit: suitName(action.suit, locale) });
    case 'play':
      return translate(locale, 'action.play', { name, card: cardName(action.card, locale) });
  }
}

/**
 * The names of the sides that score: each player when three-handed, the two teams
 * ("Ann & Cy") in double deck.
 */
export function sideNames(seatNames: readonly string[], sideCount: number, locale: Locale): string[] {
  if (sideCount !== 2 || seatNames.length !== 4) return [...seatNames];
  return [0, 1].map((side) =>
    translate(locale, 'table.teamOf', { a: seatNames[side] ?? '', b: seatNames[side + 2] ?? '' }),
  );
}
