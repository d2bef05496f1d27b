/**
 * Bridge cards and calls as the table shows them: the hand sorted by suit (trump first,
 * colours alternating), the denominations in the sheet's ranking, short call labels for
 * the auction grid ("1♥", "2 SA", "X") and their spoken names. Nothing here decides what
 * is legal: the view's prompt does.
 */
import {
  BRIDGE_RANKS,
  type BridgeCall,
  type BridgeCard,
  type BridgeContract,
  type BridgeRank,
  type BridgeStrain,
} from '@kibitz/rules/bridge';
import { DISPLAY_SUITS, SUIT_SYMBOLS, suitOf, trumpFirst } from '../../lib/cards.ts';
import type { Locale } from '../../lib/i18n.ts';
import { translateBridge } from './i18n.ts';

type Suit = (typeof DISPLAY_SUITS)[number];

/** The trump suit of a contract's denomination; none in Sans-Atout (or nullo). */
export function trumpOf(strain: BridgeStrain | null): Suit | null {
  return strain === 'C' || strain === 'D' || strain === 'H' || strain === 'S' ? strain : null;
}

/** The suits in the order the table lays them out: trump first, then colours alternating. */
export function bridgeSuitOrder(strain: BridgeStrain | null = null): readonly Suit[] {
  const trump = trumpOf(strain);
  return trump === null ? DISPLAY_SUITS : trumpFirst(trump);
}

/** A hand as the player holds it: by suit in display order, each suit from the ace down. */
export function sortBridgeHand(
  cards: readonly BridgeCard[],
  strain: BridgeStrain | null = null,
): BridgeCard[] {
  const suits = bridgeSuitOrder(strain);
  const rank = (card: BridgeCard) => BRIDGE_RANKS.indexOf(card[0] as BridgeRank);
  return [...cards].sort((a, b) => suits.indexOf(suitOf(a)) - suits.indexOf(suitOf(b)) || rank(a) - rank(b));
}

/** The dummy "nach Farben geordnet": one column per suit it holds, in display order. */
export function suitColumns(
  cards: readonly BridgeCard[],
  strain: BridgeStrain | null,
): { suit: Suit; cards: BridgeCard[] }[] {
  const sorted = sortBridgeHand(cards, strain);
  return bridgeSuitOrder(strain)
    .map((suit) => ({ suit, cards: sorted.filter((card) => suitOf(card) === suit) }))
    .filter((column) => column.cards.length > 0);
}

/** The short mark of a denomination: ♣ ♦ ♥ ♠, "NT" / "SA", "Nullo". */
export function strainMark(strain: BridgeStrain, locale: Locale): string {
  if (strain === 'NT') return translateBridge(locale, 'br.short.NT');
  if (strain === 'NULLO') return translateBridge(locale, 'br.short.NULLO');
  return SUIT_SYMBOLS[strain];
}

/** The denomination in words: "hearts", "Sans-Atout". */
export function strainName(strain: BridgeStrain, locale: Locale): string {
  return translateBridge(locale, `br.strain.${strain}`);
}

/** A bid as printed: "1♥", "3NT", "2 SA", "1 Nullo". */
export function bidMark(level: number, strain: BridgeStrain, locale: Locale): string {
  const mark = strainMark(strain, locale);
  // Suit symbols and the English "NT" sit on the level ("3NT"); words keep a space ("2 SA").
  return trumpOf(strain) !== null || (locale === 'en' && strain === 'NT')
    ? `${level}${mark}`
    : `${level} ${mark}`;
}

/** A bid in words, for screen readers and buttons' names: "1 hearts", "3 Sans-Atout". */
export function bidName(level: number, strain: BridgeStrain, locale: Locale): string {
  const one = new Intl.PluralRules(locale).select(level) === 'one';
  const name = one ? translateBridge(locale, `br.strainOne.${strain}`) : strainName(strain, locale);
  return translateBridge(locale, 'br.bid', { level, strain: name });
}

/** A call as the auction grid prints it: "1♥", "Pass", "X", "XX". */
export function callMark(call: BridgeCall, locale: Locale): string {
  switch (call.type) {
    case 'bid':
      return bidMark(call.level, call.strain, locale);
    case 'pass':
      return translateBridge(locale, 'br.passShort');
    case 'double':
      return translateBridge(locale, 'br.doubleShort');
    case 'redouble':
      return translateBridge(locale, 'br.redoubleShort');
  }
}

/** A call in words, for screen readers: "1 hearts", "Pass", "Double". */
export function callName(call: BridgeCall, locale: Locale): string {
  switch (call.type) {
    case 'bid':
      return bidName(call.level, call.strain, locale);
    case 'pass':
      return translateBridge(locale, 'br.pass');
    case 'double':
      return translateBridge(locale, 'br.double');
    case 'redouble':
      return translateBridge(locale, 'br.redouble');
  }
}

/** "4♠ X" style: the contract's bid with its double or redouble. */
export function contractMark(contract: BridgeContract, locale: Locale): string {
  const doubled =
    contract.doubled === 1
      ? ` ${translateBridge(locale, 'br.doubleShort')}`
      : contract.doubled === 2
        ? ` ${translateBridge(locale, 'br.redoubleShort')}`
        : '';
  return `${bidMark(contract.level, contract.strain, locale)}${doubled}`;
}

/** "4 spades, doubled": the contract in words. */
export function contractName(
  contract: Pick<BridgeContract, 'level' | 'strain' | 'doubled'>,
  locale: Locale,
): string {
  const doubled =
    contract.doubled === 1
      ? `, ${translateBridge(locale, 'br.doubled')}`
      : contract.doubled === 2
        ? `, ${translateBridge(locale, 'br.redoubled')}`
        : '';
  return `${bidName(contract.level, contract.strain, locale)}${doubled}`;
}

/** The colour class of a denomination's mark: suits take their suit's colour. */
export function strainClass(strain: BridgeStrain): string {
  return trumpOf(strain) === null ? 'strain-plain' : `suit-${strain}`;
}

/** The review's "4SX" in words ("4 spades, doubled"); a name it does not know stays as sent. */
export function reviewedContractName(name: string, locale: Locale): string {
  const parts = /^([1-7])(C|D|H|S|NT|NULLO)(X{0,2})$/.exec(name);
  if (parts === null) return name;
  const [, level, strain, doubled] = parts;
  return contractName(
    { level: Number(level), strain: strain as BridgeStrain, doubled: doubled!.length as 0 | 1 | 2 },
    locale,
  );
}
