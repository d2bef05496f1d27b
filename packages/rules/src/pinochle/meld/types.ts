import type { Card, Suit } from '../cards.ts';
import type { MeldTable } from './tables.ts';

export type MeldKind =
  | 'run'
  | 'royal-marriage'
  | 'common-marriage'
  | 'pinochle'
  | 'aces-around'
  | 'kings-around'
  | 'queens-around'
  | 'jacks-around'
  | 'dix'
  | 'roundhouse';

/**
 * How trump marriages count beside runs (the sheets disagree, house-rules reading 2):
 * - 'separate' [000][004]: a run's K and Q are used up; extra trump kings and queens
 *   marry each other only.
 * - 'extra-card-marries-run' [003]: an extra trump K (or Q) may marry the run's Q (or K);
 *   an extra K and an extra Q marry each other first ("Sequenz plus zweiter König = 190").
 * - 'extra-pair-includes-run' [004] Toby Thomas, [000] Ohlson: once there is a trump
 *   marriage beside the runs, the runs' pairs count in the multiple marriage too.
 */
export type RunMarriageRule = 'separate' | 'extra-card-marries-run' | 'extra-pair-includes-run';

export interface RoundhouseRule {
  /** null: a roundhouse is just the sum of its parts */
  single: number | null;
  /** a double roundhouse (two kings and two queens of every suit); null: the sum of its parts */
  double: number | null;
  /** the roundhouse's trump marriage may also count in a run */
  sharesRunMarriage: boolean;
}

export interface MeldRules {
  table: MeldTable;
  runMarriages: RunMarriageRule;
  roundhouse: RoundhouseRule;
}

export interface MeldItem {
  kind: MeldKind;
  /** the suit of a run, marriage or dix; null for melds across suits */
  suit: Suit | null;
  /** for marriages of one suit: how many pairs */
  multiplicity: number;
  points: number;
  cards: Card[];
}

export interface MeldResult {
  total: number;
  items: MeldItem[];
  /** multiset of hand cards that take part in at least one meld: per card identity, the largest number of copies used within any one class */
  shownCards: Card[];
}
