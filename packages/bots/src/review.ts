/**
 * Each game's double-dummy reviewer (`src/<game>/review.ts`, listed in registry.ts) by the
 * rules registry's game id, and the review of a game export (the JSON the server's
 * `/api/games/:id/log` serves: `{ format: 'kibitz-game/1', game: { config, seed, … },
 * actions: [{ seq, seat, action, … }] }`). Pure: the command (review-cli.ts) reads the file.
 */
import { BadLogError, parseGameConfig } from '@kibitz/rules';
import type { StoredLog } from './common/module.ts';
import type { GameReview, GameReviewer, ReviewOptions } from './common/review.ts';
import { REVIEWERS } from './registry.ts';

export { REVIEWERS };

const BY_ID: ReadonlyMap<string, GameReviewer> = new Map(
  REVIEWERS.map((reviewer) => [reviewer.id, reviewer]),
);

/** The reviewer of game `id`, or null when there is none. */
export function reviewerOf(id: string): GameReviewer | null {
  return BY_ID.get(id) ?? null;
}

export type ReviewErrorCode = 'bad-export' | 'bad-config' | 'no-reviewer' | 'bad-log';

/** Why an export cannot be reviewed: a one-line message and a code. */
export class ReviewError extends Error {
  constructor(
    readonly code: ReviewErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReviewError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The game log of an export (config, seed, every action in order), or a ReviewError saying what is wrong. */
export function logOfExport(data: unknown): StoredLog {
  if (!isRecord(data)) throw new ReviewError('bad-export', 'not a game export: expected a JSON object');
  if (typeof data.format !== 'string' || !data.format.startsWith('kibitz-game/')) {
    throw new ReviewError('bad-export', 'not a game export: "format" must be "kibitz-game/1"');
  }
  const game = data.game;
  if (!isRecord(game) || !isRecord(game.config) || typeof game.seed !== 'string') {
    throw new ReviewError(
      'bad-export',
      'not a game export: "game" must hold the game\'s "config" and "seed"',
    );
  }
  if (!Array.isArray(data.actions))
    throw new ReviewError('bad-export', 'not a game export: "actions" must be a list');
  const actions = data.actions.map((row: unknown, index) => {
    if (
      !isRecord(row) ||
      !Number.isInteger(row.seat) ||
      !isRecord(row.action) ||
      typeof row.action.type !== 'string'
    ) {
      throw new ReviewError(
        'bad-export',
        `not a game export: action ${index + 1} needs a "seat" and an "action"`,
      );
    }
    return { seat: row.seat as number, action: row.action };
  });
  return { config: game.config, seed: game.seed, actions };
}

/** The review of every finished hand of an export. Throws a ReviewError for an export it cannot review. */
export function reviewExport(data: unknown, options: ReviewOptions = {}): GameReview {
  const log = logOfExport(data);
  const parsed = parseGameConfig(log.config);
  if (!parsed.ok) {
    const problems = parsed.errors.map((e) => `${e.option}: ${e.message}`).join('; ');
    throw new ReviewError('bad-config', `the export's config is not valid: ${problems}`);
  }
  const reviewer = reviewerOf(parsed.game.id);
  if (reviewer === null) throw new ReviewError('no-reviewer', `no review for the game "${parsed.game.id}"`);
  try {
    return reviewer.review({ ...log, config: parsed.config }, options);
  } catch (error) {
    if (error instanceof BadLogError)
      throw new ReviewError('bad-log', `the export's log does not replay: ${error.message}`);
    throw error;
  }
}
