/** The heuristic bot: plays by the rules of thumb of the sheets' "Tipps", with no search. */
import type { Action, GameView } from '@kibitz/rules/pinochle';
import { type Bot, gathersTrick, promptOf } from '../bot.ts';
import { decideBid } from './auction.ts';
import { decidePlay } from './play.ts';
import { decideDiscard, decidePass, decideRequest, decideTrump } from './widow.ts';

function decide(view: GameView): Action {
  if (gathersTrick(view)) return { type: 'gather' };
  const prompt = promptOf(view);
  switch (prompt.kind) {
    case 'bid':
      return decideBid(view, prompt);
    case 'discard':
      return decideDiscard(view, prompt);
    case 'name-trump':
      return decideTrump(view, prompt);
    case 'request-suit':
      return decideRequest(view);
    case 'pass-cards':
      return decidePass(view, prompt);
    case 'play':
      return decidePlay(view, prompt);
    case 'continue':
      return { type: 'continue' };
  }
}

/** Deterministic: the random source is not needed, so equal views get equal answers. */
export const heuristicBot: Bot = { name: 'heuristic', decide };

export { bidLimit } from './auction.ts';
export { suitValues, trickEstimate } from './estimate.ts';
