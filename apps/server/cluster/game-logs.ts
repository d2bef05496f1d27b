/**
 * What the cluster test reads back from PostgreSQL: each game's log and lease, and the
 * checks that no acknowledged action was lost or stored twice and that every finished
 * log replays to its stored result.
 */
import { isDeepStrictEqual } from 'node:util';
import { type GameConfig, replay } from '@kibitz/rules/pinochle';
import pg from 'pg';
import type { Acknowledged } from '../testing/acknowledged.ts';

export interface LoggedGame {
  id: string;
  code: string;
  status: string;
  result: unknown;
  config: GameConfig;
  seed: string;
  rows: { seq: number; seat: number; action: unknown; epoch: number }[];
}

export class ClusterDatabase {
  readonly #client: pg.Client;

  private constructor(client: pg.Client) {
    this.#client = client;
  }

  static async open(url: string): Promise<ClusterDatabase> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new ClusterDatabase(client);
  }

  async game(id: string): Promise<LoggedGame> {
    const games = await this.#client.query<{
      id: string;
      code: string;
      status: string;
      result: unknown;
      config: GameConfig;
      seed: string;
    }>(
      `SELECT g.id, r.code, g.status, g.result, g.config, g.seed
         FROM "Game" g JOIN "Room" r ON r.id = g."roomId" WHERE g.id = $1`,
      [id],
    );
    const game = games.rows[0];
    if (game === undefined) throw new Error(`no game ${id}`);
    const rows = await this.#client.query<{ seq: number; seat: number; action: unknown; epoch: number }>(
      `SELECT seq, seat, action, epoch FROM "GameAction" WHERE "gameId" = $1 ORDER BY seq`,
      [id],
    );
    return { ...game, rows: rows.rows };
  }

  /**
   * The table's lease: who runs it (the owner is written `nodeId/instance`; `node` is the
   * node id), under which epoch.
   */
  async lease(code: string): Promise<{ owner: string; node: string; epoch: number } | null> {
    const result = await this.#client.query<{ owner: string; epoch: number }>(
      `SELECT l.owner, l.epoch FROM "TableLease" l JOIN "Room" r ON r.id = l."roomId" WHERE r.code = $1`,
      [code],
    );
    const row = result.rows[0];
    return row === undefined ? null : { ...row, node: row.owner.split('/')[0]! };
  }

  /** Appends a row as a process holding `epoch` would (the fencing check refuses a stale one). */
  async insertAction(
    gameId: string,
    seq: number,
    seat: number,
    action: unknown,
    epoch: number,
  ): Promise<void> {
    await this.#client.query(
      `INSERT INTO "GameAction" ("gameId", seq, seat, action, epoch) VALUES ($1, $2, $3, $4::jsonb, $5)`,
      [gameId, seq, seat, JSON.stringify(action), epoch],
    );
  }

  /** How many chat messages say exactly `text`. */
  async chatCount(text: string): Promise<number> {
    const result = await this.#client.query<{ count: string }>(
      `SELECT count(*) AS count FROM "ChatMessage" WHERE text = $1`,
      [text],
    );
    return Number(result.rows[0]?.count ?? 0);
  }

  async close(): Promise<void> {
    await this.#client.end();
  }
}

/**
 * Problems with one finished game (none: all is well): its positions only go up along the
 * log (the gathers and at-once continues the replay works out are not stored, so there are
 * gaps); every action a player had acknowledged is in it exactly once, at the position it
 * answered; it replays to the result stored for the game.
 */
export function checkGame(game: LoggedGame, acknowledged: readonly Acknowledged[]): string[] {
  const problems: string[] = [];
  game.rows.forEach((row, index) => {
    const before = game.rows[index - 1];
    if (before !== undefined && row.seq <= before.seq)
      problems.push(`${game.code}: log position ${index} holds seq ${row.seq}, after seq ${before.seq}`);
  });
  const atSeq = new Map(game.rows.map((row) => [row.seq, row]));
  for (const ack of acknowledged) {
    if (ack.gameId !== game.id) continue;
    const same = (row: LoggedGame['rows'][number]) =>
      row.seat === ack.seat && isDeepStrictEqual(row.action, plain(ack.action));
    if (ack.action.type === 'continue') {
      // Everyone answers the same result panel at once: a Continue is stored at the position
      // it was applied, at or after the version it answered.
      if (!game.rows.some((row) => row.seq >= ack.version && same(row)))
        problems.push(
          `${game.code}: seat ${ack.seat}'s acknowledged continue at ${ack.version} is not in the log`,
        );
      continue;
    }
    const row = atSeq.get(ack.version);
    if (row === undefined || !same(row))
      problems.push(
        `${game.code}: seat ${ack.seat}'s acknowledged ${JSON.stringify(ack.action)} at ${ack.version} is not in the log there (found ${JSON.stringify(row)})`,
      );
  }
  // One acknowledgement per position (two would mean the same action was taken twice).
  const positions = acknowledged
    .filter((ack) => ack.gameId === game.id && ack.action.type !== 'continue')
    .map((ack) => ack.version);
  if (new Set(positions).size !== positions.length)
    problems.push(`${game.code}: two acknowledgements for one log position`);
  if (game.status !== 'finished') problems.push(`${game.code}: game ${game.status}, not finished`);
  const replayed = replay(
    game.config,
    game.seed,
    game.rows.map((row) => ({ seat: row.seat, action: row.action as Acknowledged['action'] })),
  );
  if (!replayed.ok) problems.push(`${game.code}: the log does not replay (at ${replayed.index})`);
  else if (!isDeepStrictEqual(plain(replayed.state.result), game.result))
    problems.push(`${game.code}: the log replays to another result than the one stored`);
  // Epochs never go down along the log: no row of an older owner after a newer one's.
  for (let i = 1; i < game.rows.length; i++)
    if (game.rows[i]!.epoch < game.rows[i - 1]!.epoch)
      problems.push(
        `${game.code}: seq ${game.rows[i]!.seq} was written under an older epoch than seq ${game.rows[i - 1]!.seq}`,
      );
  return problems;
}

/** As stored (JSON): no undefined fields; key order does not matter to isDeepStrictEqual. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}
