/** The server's HTTP side: the lobby's list of tables, and finished games' exports. */
import { type GameReviewResponse, gameReviewResponseSchema } from '@kibitz/protocol';
import { z } from 'zod';

const tableSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  variant: z.string(),
  seats: z.number(),
  seatsTaken: z.number(),
  spectators: z.number(),
  status: z.enum(['waiting', 'playing', 'finished']),
});
export type TableSummary = z.infer<typeof tableSummarySchema>;

const exportSchema = z.object({
  format: z.literal('kibitz-game/1'),
  game: z.looseObject({
    id: z.string(),
    /** Any game's config: the game's own module parses it (games/registry.ts finds the game by it). */
    config: z.custom<object>((value) => typeof value === 'object' && value !== null),
    seed: z.string(),
    /** Who sat where when the game started (absent or null from older servers and games). */
    players: z
      .array(z.object({ seat: z.number(), name: z.string(), bot: z.boolean() }))
      .nullable()
      .optional(),
  }),
  actions: z.array(
    z.object({
      seq: z.number(),
      seat: z.number(),
      /** Any game's action: the game's rules check each one when the log replays. */
      action: z.looseObject({ type: z.string() }),
      at: z.string(),
    }),
  ),
});
export type GameExport = z.infer<typeof exportSchema>;

/** Names by seat from an export's players (undefined where it names nobody). */
export function seatNamesOf(players: GameExport['game']['players']): (string | undefined)[] {
  const names: (string | undefined)[] = [];
  for (const player of players ?? []) names[player.seat] = player.name || undefined;
  return names;
}

async function getJson(url: string, fetcher: typeof fetch): Promise<unknown> {
  const response = await fetcher(url, { headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body
        ? String(body.message)
        : response.statusText;
    throw new Error(message || `HTTP ${response.status}`);
  }
  return body;
}

export async function fetchTables(fetcher: typeof fetch = fetch): Promise<TableSummary[]> {
  const body = z.object({ tables: z.array(tableSummarySchema) }).parse(await getJson('/api/tables', fetcher));
  return body.tables;
}

export function exportUrl(gameId: string): string {
  return `/api/games/${encodeURIComponent(gameId)}/export`;
}

export async function fetchExport(gameId: string, fetcher: typeof fetch = fetch): Promise<GameExport> {
  return exportSchema.parse(await getJson(exportUrl(gameId), fetcher));
}

export function reviewUrl(gameId: string): string {
  return `/api/games/${encodeURIComponent(gameId)}/review`;
}

/**
 * Why there is no review: the game still runs (409 `game-running`), the server has no bot
 * pool (503 `review-unavailable`), the server could not be reached (`network`), or
 * anything else (`failed`, with the server's message).
 */
export type ReviewProblem = 'game-running' | 'review-unavailable' | 'network' | 'failed';

export type ReviewAnswer =
  | { ok: true; review: GameReviewResponse }
  | { ok: false; problem: ReviewProblem; message: string };

/** A finished game's double-dummy review (the server computes it on first asking: seconds). */
export async function fetchReview(gameId: string, fetcher: typeof fetch = fetch): Promise<ReviewAnswer> {
  let response: Response;
  try {
    response = await fetcher(reviewUrl(gameId), { headers: { accept: 'application/json' } });
  } catch (error) {
    return { ok: false, problem: 'network', message: error instanceof Error ? error.message : String(error) };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = z.object({ code: z.string(), message: z.string() }).safeParse(body);
    const code = parsed.success ? parsed.data.code : '';
    const problem: ReviewProblem = code === 'game-running' || code === 'review-unavailable' ? code : 'failed';
    return { ok: false, problem, message: parsed.success ? parsed.data.message : `HTTP ${response.status}` };
  }
  const parsed = gameReviewResponseSchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, problem: 'failed', message: parsed.error.issues[0]?.message ?? 'bad answer' };
  return { ok: true, review: parsed.data };
}
