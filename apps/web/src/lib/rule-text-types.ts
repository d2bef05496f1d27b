/** The shape of the house-rules form's words (one file per language). */
export interface RuleText {
  label: string;
  /** One line: what the option does, in the players' words. */
  help: string;
  /** A name for each option of a choice, by its value ("last-takes-minimum" → words). */
  options?: Record<string, string>;
  /** How an option switched off (null) reads, where "off" would not say it: "a full rubber". */
  off?: string;
  /** The unit the form shows the number in; `scale` converts it (1000: stored in ms, shown in s). */
  unit?: 'seconds';
  scale?: number;
}

/** Keyed by option path ("cardPassing.count"), or `variant:path` where a variant differs. A game whose options have names of their own keys them by name. */
export type RuleTexts = Record<string, RuleText>;
