/**
 * Provably fair deals: when a hand is dealt the server publishes the SHA-256 of its
 * seed, and when the hand is over it reveals the seed, so anyone can re-shuffle and
 * check the cards were not arranged. Nothing here ever touches a seed early.
 */
import { type GameState, sha256Hex } from '@kibitz/rules';

export interface Commitment {
  deal: number;
  commitment: string;
}

export interface Reveal {
  deal: number;
  seed: string;
  commitment: string;
}

export function commitmentOf(state: GameState): Commitment | null {
  if (state.phase === 'game-over') return null;
  return { deal: state.hand.deal, commitment: sha256Hex(state.hand.seed) };
}

/**
 * What one accepted action changes in public: a new deal to commit to (published
 * before anyone sees its cards), and the seed of a hand that just ended.
 */
export function dealChanges(
  previous: GameState,
  next: GameState,
): { commit: Commitment | null; reveal: Reveal | null } {
  const handEnded = next.history.length > previous.history.length;
  const reveal = handEnded
    ? { deal: previous.hand.deal, seed: previous.hand.seed, commitment: sha256Hex(previous.hand.seed) }
    : null;
  const newDeal = next.phase !== 'game-over' && next.hand.deal !== previous.hand.deal;
  return { commit: newDeal ? commitmentOf(next) : null, reveal };
}
