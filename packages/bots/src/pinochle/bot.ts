/**
 * A computer player. It is handed only the view of its own seat (what a human at that
 * seat would see) and a seeded random source, and answers with one action that the
 * engine accepts. It never sees the GameState: bots are fair players, not oracles.
 */
import type { Action, Card, GameView, Suit } from '@kibitz/rules/pinochle';
import { suitOf } from '@kibitz/rules/pinochle';

export interface Bot {
  name: string;
  decide(view: GameView, random: () => number): Action;
}

export type Prompt = NonNullable<GameView['prompt']>;
/** The prompt of a view, narrowed to one kind (bots dispatch on it). */
export type PromptOf<K extends Prompt['kind']> = Extract<Prompt, { kind: K }>;

/** The seat a view belongs to; a bot is never asked to act as a spectator. */
export function seatOf(view: GameView): number {
  if (view.viewer === 'spectator') throw new Error('a bot cannot act for a spectator');
  return view.viewer;
}

/** The bot's own hand; present for every seated viewer. */
export function handOf(view: GameView): readonly Card[] {
  if (view.hand === null) throw new Error('a bot needs its own hand in the view');
  return view.hand;
}

/**
 * Paced hands: a finished trick waits on the table for its winner to gather it. There is
 * no prompt for that (the server gathers after a pause), so a bot asked to act then
 * gathers.
 */
export function gathersTrick(view: GameView): boolean {
  return view.phase === 'trick-end' && view.trickWinner === view.viewer;
}

/** The prompt a bot must answer; deciding without one is a driver error. */
export function promptOf(view: GameView): Prompt {
  if (view.prompt === null) throw new Error(`seat ${String(view.viewer)} was asked to act without a prompt`);
  return view.prompt;
}

/**
 * Cards to pass that satisfy the prompt: exactly `requiredOfSuit` of the requested suit
 * (Toby Thomas), the rest from other suits. `order` ranks the cards the bot would
 * rather give first; both groups are taken from the front of that order.
 */
export function choosePass(
  hand: readonly Card[],
  prompt: PromptOf<'pass-cards'>,
  order: readonly Card[],
): Card[] {
  const suit: Suit | null = prompt.requestedSuit;
  if (suit === null) return order.slice(0, prompt.count);
  const ofSuit = order.filter((card) => suitOf(card) === suit).slice(0, prompt.requiredOfSuit);
  const others = order.filter((card) => suitOf(card) !== suit).slice(0, prompt.count - ofSuit.length);
  if (ofSuit.length + others.length !== prompt.count || order.length !== hand.length) {
    throw new Error('choosePass: the order must list every card of the hand');
  }
  return [...ofSuit, ...others];
}
