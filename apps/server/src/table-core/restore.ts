/**
 * A game rebuilt from its log (a reload after a restart, or a table taken over): pure, so
 * the same log always gives the same record. The record's phase bookkeeping is worked out
 * step by step exactly as live play keeps it (play.ts), so a pass or a Continue sent before
 * the restart, which answers its own prompt, is still taken afterwards.
 */
import { type BadLog, type LoggedMove, replayLog } from '@kibitz/rules';
import { type GameAction, gameOf, seatCountOf, type TableConfig } from './game.ts';
import { noHints } from './hints.ts';
import type { GameRecord } from './state.ts';

export interface StoredGameLog {
  id: string;
  number: number;
  seed: string;
  config: TableConfig;
  actions: readonly LoggedMove<GameAction>[];
  /** Hints each seat asked for (stored with the game); absent: none. */
  hints?: readonly number[] | null;
}

export type RestoredGame = { ok: true; game: GameRecord } | { ok: false; error: BadLog<GameAction> };

/** The stored counts, one per seat (a missing or malformed entry is 0), none hinted at yet. */
function storedHints(stored: StoredGameLog['hints'], seats: number): Pick<GameRecord, 'hints' | 'hinted'> {
  const fresh = noHints(seats);
  if (!stored) return fresh;
  const hints = fresh.hints.map((_, seat) => {
    const count = stored[seat];
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0;
  });
  return { hints, hinted: fresh.hinted };
}

export function restoreGame(
  stored: StoredGameLog,
  holders: GameRecord['holders'],
  now: number,
): RestoredGame {
  const module = gameOf(stored.config);
  let phaseSince = 0;
  let closedPanel: { since: number; until: number } | undefined;
  const replayed = replayLog(module, stored.config, stored.seed, stored.actions, (before, after) => {
    const phaseBefore = module.phase(before);
    if (module.phase(after) === phaseBefore) return;
    const until = module.version(after);
    // As play.ts does: leaving the result panel remembers its versions for a late Continue.
    if (phaseBefore === 'hand-end') closedPanel = { since: phaseSince, until };
    phaseSince = until;
  });
  if (!replayed.ok) return { ok: false, error: replayed.error as BadLog<GameAction> };
  return {
    ok: true,
    game: {
      id: stored.id,
      number: stored.number,
      seed: stored.seed,
      module,
      config: stored.config,
      state: replayed.state,
      holders,
      since: now,
      phaseSince,
      // The phase's time counts afresh: its timers (a result panel's) run from the reload.
      phaseAt: now,
      ...(closedPanel === undefined ? {} : { closedPanel }),
      ...storedHints(stored.hints, seatCountOf(stored.config)),
    },
  };
}
