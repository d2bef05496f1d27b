/**
 * The random bot: uniformly random among the legal choices of its prompt, except in
 * the auction. Random bids up to the maximum would make nearly every hand a set bid and
 * games would never end. Even bidding only the minimum at random is not tame enough:
 * in Cutthroat a set costs twice the bid, so random bidders sink together forever. The
 * bot therefore bids the lowest allowed bid, sometimes, and only when its meld plus a
 * fair share of the trick points could reach it; otherwise it passes. As bidder it names
 * the trump its bid counted on (a random trump throws the run away and sinks it again).
 * Everything else (discards, passing, requested suit, cards, conceding) is uniform; in
 * paced hands it gathers its tricks and continues at once.
 */
import type { Action, Card, GameConfig, GameView, Suit } from '@kibitz/rules/pinochle';
import { counterValue, pinochleTable, SUITS } from '@kibitz/rules/pinochle';
import { pick, sample } from '../common/random.ts';
import { type Bot, choosePass, gathersTrick, handOf, promptOf } from './bot.ts';
import { meldOf } from './meld.ts';

/** Chance of bidding (the lowest allowed bid) when passing is allowed. */
const BID_CHANCE = 0.7;
/** Chance of calling a redeal when the house rule allows it for this hand. */
const REDEAL_CHANCE = 0.5;

/** A seat's (or team's) fair share of the trick points, with the variant's card values. */
function fairShare(config: GameConfig): number {
  // Alone, a random bidder takes about 95-115 in tricks with the widow's help: some 11
  // counters (measured on bot games). Two teams share 50 counters; the partner's meld adds a little.
  return counterValue(config) * (pinochleTable(config).partnerships ? 30 : 11);
}

function bestMeldSuit(view: GameView, hand: readonly Card[], suits: readonly Suit[]): Suit {
  const meld = (suit: Suit): number => meldOf(hand, suit, view.config).total;
  return [...suits].sort((a, b) => meld(b) - meld(a))[0]!;
}

function mightMake(view: GameView, hand: readonly Card[], amount: number): boolean {
  const meld = meldOf(hand, bestMeldSuit(view, hand, SUITS), view.config).total;
  return amount <= meld + fairShare(view.config);
}

function decide(view: GameView, random: () => number): Action {
  if (gathersTrick(view)) return { type: 'gather' };
  const prompt = promptOf(view);
  const hand = handOf(view);
  switch (prompt.kind) {
    case 'bid': {
      if (prompt.canCallRedeal && random() < REDEAL_CHANCE) return { type: 'call-redeal' };
      const lowest = prompt.bids[0];
      if (lowest === undefined) return { type: 'pass' };
      if (!prompt.canPass) return { type: 'bid', amount: lowest };
      if (random() < BID_CHANCE && mightMake(view, hand, lowest)) return { type: 'bid', amount: lowest };
      return { type: 'pass' };
    }
    case 'discard':
      return { type: 'discard', cards: sample(hand, prompt.count, random) };
    case 'name-trump':
      // The one tame choice after the auction: the bid was made on this suit's meld.
      return { type: 'name-trump', suit: bestMeldSuit(view, hand, prompt.suits) };
    case 'request-suit':
      return { type: 'request-suit', suit: pick(SUITS, random) };
    case 'pass-cards':
      // A random order of the whole hand; choosePass takes the suit rule into account.
      return { type: 'pass-cards', cards: choosePass(hand, prompt, sample(hand, hand.length, random)) };
    case 'play': {
      const choices: Action[] = prompt.cards.map((card) => ({ type: 'play', card }));
      if (prompt.canConcede) choices.push({ type: 'concede' });
      return pick(choices, random);
    }
    case 'continue':
      return { type: 'continue' };
  }
}

export const randomBot: Bot = { name: 'random', decide };
