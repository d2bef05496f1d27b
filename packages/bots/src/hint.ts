/**
 * A hint for a learner (issue 26, point 3): the action a level's determinized search
 * chooses from the seat's own view (and memory) alone, never the hidden cards. It is the
 * game's `decide` (through the bots' registry) with the clock switched off, seeded by the
 * view itself: the same view always gets the same hint, whatever the cards it does not show.
 */
import type { BotLevel } from './common/level.ts';
import { botModule } from './registry.ts';

export interface HintRequest {
  /** The rules registry's game id. */
  game: string;
  /** The seat's own view (what `view(state, seat)` gives it), nothing more. */
  view: unknown;
  /** What the seat remembers of the hand (games whose bots keep a memory); null = nothing. */
  memory?: unknown;
  /** The level whose search answers: 'normal' by default (well under a second). */
  level?: Exclude<BotLevel, 'easy'>;
}

export interface Hint<Action = unknown> {
  action: Action;
  /** Deals of the hidden cards the search sampled. */
  deals: number;
}

export class UnknownHintGameError extends Error {
  readonly code = 'unknown-game';
  constructor(readonly game: string) {
    super(`no hints for the game "${game}"`);
    this.name = 'UnknownHintGameError';
  }
}

/** FNV-1a of the view's JSON: the search's seed, so nothing but the view decides the sample. */
function seedOf(view: unknown): string {
  const text = JSON.stringify(view);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `hint:${hash.toString(16)}`;
}

/** The hint for the seat whose view this is. Pure: no clock, no I/O. */
export function hint(request: HintRequest): Hint {
  const bots = botModule(request.game);
  if (bots === null) throw new UnknownHintGameError(request.game);
  const answer = bots.decide({
    view: request.view,
    memory: request.memory ?? null,
    level: request.level ?? 'normal',
    seed: seedOf(request.view),
    // No clock: the answer is a function of the request alone.
    budget: { maxMs: Number.POSITIVE_INFINITY },
  });
  return { action: answer.action, deals: answer.deals };
}
