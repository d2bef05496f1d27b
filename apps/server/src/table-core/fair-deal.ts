/**
 * Provably fair deals: when a hand is dealt the server publishes the SHA-256 of its
 * seed, and when the hand is over it reveals the seed, so anyone can re-shuffle and
 * check the cards were not arranged. Nothing here ever touches a seed early. Any game:
 * its module says the deal in progress (`deal`) and how many hands are over.
 */

import type { AnyGameModule } from '@kibitz/rules';
import { sha256Hex } from '@kibitz/rules';

export interface Commitment {
  deal: number;
  commitment: string;
}

export interface Reveal {
  deal: number;
  seed: string;
  commitment: string;
}

export function commitmentOf(game: AnyGameModule, state: unknown): Commitment | null {
  if (game.ownResult(state) !== null) return null;
  const deal = game.deal(state);
  return { deal: deal.number, commitment: sha256Hex(deal.seed) };
}

/**
 * What one accepted action changes in public: a new deal to commit to (published
 * before anyone sees its cards), and the seed of a hand that just ended.
 */
export function dealChanges(
  game: AnyGameModule,
  previous: unknown,
  next: unknown,
): { commit: Commitment | null; reveal: Reveal | null } {
  const before = game.deal(previous);
  const handEnded = game.handsPlayed(next) > game.handsPlayed(previous);
  const reveal = handEnded
    ? { deal: before.number, seed: before.seed, commitment: sha256Hex(before.seed) }
    : null;
  const newDeal = game.ownResult(next) === null && game.deal(next).number !== before.number;
  return { commit: newDeal ? commitmentOf(game, next) : null, reveal };
}
