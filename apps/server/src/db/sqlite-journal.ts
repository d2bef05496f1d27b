/**
 * The embedded store's game-log journal: how an action is stored before it is
 * acknowledged without a SQLite commit per statement.
 *
 * A commit in WAL mode writes every page the statement touched to the WAL, one write call
 * per page; the log's rows of many games land on as many B-tree leaves, so a statement of
 * ~18 rows cost ~25-35 us of CPU a row and ~3 extra write calls per action (bench:server's
 * writes/act; FINDINGS.md, "The game-log journal"). Here an append is checked against the
 * tables (the game exists, the seq is free, the lease's epoch matches: the same refusals
 * as the INSERT's constraints and fencing trigger), then written to `game-log.journal` as
 * one line per row in a single write call, and acknowledged. The rows are folded into the
 * GameAction table later in one transaction of many rows (a few us a row): when enough
 * have gathered, after a short while, and always before a statement on the connection
 * that names the log or the leases, deletes, or opens a transaction (sqlite-connection.ts),
 * so every reader, and every writer (a lease change), sees the log exactly as acknowledged.
 *
 * Durability is SQLite's at synchronous=NORMAL: the line is in the operating system's
 * cache when the append returns, so it survives the process being killed; opening the
 * store folds what a killed process left in the journal (rows already folded are
 * skipped). A line cut short by a failed write is cut off again and was never acknowledged.
 */
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import type Sqlite from 'better-sqlite3';
import {
  DatabaseUnreachableError,
  DuplicateActionError,
  GameNotFoundError,
  LeaseLostError,
} from './errors.ts';
import type { LogRow } from './log-append.ts';

/** A row as the journal keeps it: the action as its JSON text, the moment it was appended. */
interface JournalRow {
  gameId: string;
  seq: number;
  seat: number;
  epoch: number;
  /** Unix milliseconds: the GameAction's createdAt. */
  at: number;
  action: string;
}

export interface JournalStats {
  folds: number;
  rows: number;
}

export interface JournalOptions {
  /** Rows gathered before they are folded at once. */
  foldAt?: number;
  /** How long the first gathered row waits at most before a fold (ms). */
  foldAfterMs?: number;
}

/** Rows per INSERT when folding (6 parameters each, well under SQLite's limit). */
const FOLD_CHUNK = 128;

/** What an append checks a game's rows against, read once per game (see `forget`). */
interface GameFacts {
  /** The epoch of its table's lease; null when the table has none (not fenced). */
  epoch: number | null;
  /** The highest seq stored or pending (-1: none): a seq above it is free. */
  lastSeq: number;
}

const FACTS_SQL = `SELECT
  (SELECT l."epoch" FROM "TableLease" l WHERE l."roomId" = g."roomId") AS "epoch",
  COALESCE((SELECT max(a."seq") FROM "GameAction" a WHERE a."gameId" = g."id"), -1) AS "lastSeq"
FROM "Game" g WHERE g."id" = ?`;

const TAKEN_SQL = `SELECT 1 AS "taken" FROM "GameAction" WHERE "gameId" = ? AND "seq" = ?`;

export class GameLogJournal {
  readonly #native: Sqlite.Database;
  readonly #file: string;
  readonly #fd: number;
  readonly #foldAt: number;
  readonly #foldAfterMs: number;
  readonly #factsOf: Sqlite.Statement<[string], GameFacts>;
  readonly #taken: Sqlite.Statement<[string, number], { taken: number }>;
  /**
   * Per game, what its next rows are checked against. Exact as long as nobody else changes
   * them: the connection calls `settle` (fold, then forget) before any statement that names
   * the log or the leases, deletes, or opens a transaction: the only ones that could take
   * over a lease, store rows of their own or remove a game.
   */
  #facts = new Map<string, GameFacts>();
  readonly #inserts = new Map<number, Sqlite.Statement>();
  /** Appended and acknowledged, not yet in GameAction. */
  #pending: JournalRow[] = [];
  /** `gameId seq` of every pending row: a second append of one is a duplicate. */
  #pendingKeys = new Set<string>();
  /** Bytes in the journal file. */
  #size = 0;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  /** Folds and the rows they moved since opening (the bench reports rows per fold). */
  readonly stats: JournalStats = { folds: 0, rows: 0 };

  private constructor(native: Sqlite.Database, file: string, options: JournalOptions) {
    this.#native = native;
    this.#file = file;
    this.#foldAt = options.foldAt ?? 2048;
    this.#foldAfterMs = options.foldAfterMs ?? 1000;
    // Prisma's adapter reads integers as BigInt on this connection; these are small.
    this.#factsOf = native.prepare<[string], GameFacts>(FACTS_SQL).safeIntegers(false);
    this.#taken = native.prepare<[string, number], { taken: number }>(TAKEN_SQL).safeIntegers(false);
    this.#fd = openSync(file, 'a+');
  }

  /**
   * Opens the journal beside the database and folds what an earlier process left in it
   * (after a crash). Throws DatabaseUnreachableError for a journal it cannot read.
   */
  static open(native: Sqlite.Database, file: string, options: JournalOptions = {}): GameLogJournal {
    const journal = new GameLogJournal(native, file, options);
    try {
      journal.#recover();
    } catch (error) {
      journal.close();
      throw error;
    }
    return journal;
  }

  /** Rows acknowledged and not yet folded. */
  get pending(): number {
    return this.#pending.length;
  }

  /**
   * Stores the rows, all or none: on return they are in the journal. Throws the typed error
   * the INSERT would (naming the first row, as appendError does) and stores nothing.
   */
  append(rows: readonly LogRow[]): void {
    if (this.#closed) throw new Error('the game-log journal is closed');
    const first = rows[0];
    if (first === undefined) return;
    const keys = new Set<string>();
    const facts: GameFacts[] = [];
    for (const row of rows) {
      let known = this.#facts.get(row.gameId);
      if (known === undefined) {
        known = this.#factsOf.get(row.gameId);
        if (known === undefined) throw new GameNotFoundError(first.gameId);
        this.#facts.set(row.gameId, known);
      }
      facts.push(known);
      if (known.epoch !== null && known.epoch !== (row.epoch ?? 0)) throw new LeaseLostError(first.gameId);
      const key = `${row.gameId} ${row.seq}`;
      // Below the highest seq, only the table (or what is pending) can tell whether it is free.
      const taken =
        row.seq <= known.lastSeq &&
        (this.#pendingKeys.has(key) || this.#taken.get(row.gameId, row.seq) !== undefined);
      if (taken || keys.has(key)) throw new DuplicateActionError(first.gameId, first.seq);
      keys.add(key);
    }
    const at = Date.now();
    const added: JournalRow[] = [];
    let text = '';
    for (const row of rows) {
      const entry: JournalRow = {
        gameId: row.gameId,
        seq: wholeNumber(row.seq),
        seat: wholeNumber(row.seat),
        epoch: wholeNumber(row.epoch ?? 0),
        at,
        action: JSON.stringify(row.action),
      };
      added.push(entry);
      text += `${JSON.stringify([entry.gameId, entry.seq, entry.seat, entry.epoch, entry.at])}\t${entry.action}\n`;
    }
    this.#write(text);
    for (const [index, entry] of added.entries()) {
      const known = facts[index]!;
      if (entry.seq > known.lastSeq) known.lastSeq = entry.seq;
      this.#pending.push(entry);
    }
    for (const key of keys) this.#pendingKeys.add(key);
    if (this.#pending.length >= this.#foldAt) this.fold();
    else if (this.#timer === null) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#foldLater();
      }, this.#foldAfterMs);
      this.#timer.unref();
    }
  }

  /** Set by the connection: whether a statement of someone else's may run now (no transaction open). */
  canFold: () => boolean = () => true;

  #foldLater(): void {
    if (this.#pending.length === 0 || this.#closed) return;
    if (this.canFold()) this.fold();
    else {
      // A transaction is open: its end runs a statement of ours first (the connection folds then).
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#foldLater();
      }, this.#foldAfterMs);
      this.#timer.unref();
    }
  }

  /**
   * Moves every pending row into GameAction in one transaction, then empties the journal.
   * A failure leaves the rows pending (and in the file) and throws.
   */
  fold(): void {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    if (this.#pending.length === 0) return;
    const rows = this.#pending;
    this.#insertAll(rows, false);
    this.#pending = [];
    this.#pendingKeys = new Set();
    this.stats.folds++;
    this.stats.rows += rows.length;
    this.#empty();
  }

  /**
   * Folds what is pending and forgets what it knew of the games: called before a statement
   * of someone else's runs on the connection (it may change a lease or store rows itself).
   */
  settle(): void {
    this.fold();
    if (this.#facts.size > 0) this.#facts = new Map();
  }

  /** Folds what is pending and closes the file. */
  close(): void {
    if (this.#closed) return;
    try {
      this.fold();
    } finally {
      this.#closed = true;
      closeSync(this.#fd);
    }
  }

  #insertAll(rows: readonly JournalRow[], skipStored: boolean): void {
    const insert = this.#native.transaction(() => {
      for (let start = 0; start < rows.length; start += FOLD_CHUNK) {
        const chunk = rows.slice(start, start + FOLD_CHUNK);
        const args: (string | number)[] = [];
        for (const row of chunk) args.push(row.gameId, row.seq, row.seat, row.action, row.epoch, row.at);
        this.#insertOf(chunk.length, skipStored).run(...args);
      }
    });
    insert();
  }

  #insertOf(count: number, skipStored: boolean): Sqlite.Statement {
    const key = skipStored ? -count : count;
    let statement = this.#inserts.get(key);
    if (statement === undefined) {
      const values = Array(count).fill('(?, ?, ?, ?, ?, ?)').join(', ');
      statement = this.#native.prepare(
        `INSERT ${skipStored ? 'OR IGNORE ' : ''}INTO "GameAction" ("gameId", "seq", "seat", "action", "epoch", "createdAt") VALUES ${values}`,
      );
      this.#inserts.set(key, statement);
    }
    return statement;
  }

  #write(text: string): void {
    const bytes = Buffer.from(text);
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(this.#fd, bytes, written);
    } catch (error) {
      // Nothing of a failed append may stay: the next line must start on a line of its own.
      if (written > 0) ftruncateSync(this.#fd, this.#size);
      throw error;
    }
    this.#size += bytes.length;
  }

  #empty(): void {
    ftruncateSync(this.#fd, 0);
    this.#size = 0;
  }

  /** Folds the rows a killed process left: those already in GameAction (folded, not yet emptied) are skipped. */
  #recover(): void {
    const text = readFileSync(this.#file, 'utf8');
    if (text.length === 0) return;
    const complete = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
    const rows: JournalRow[] = [];
    for (const [index, line] of complete.split('\n').entries()) {
      if (line === '') continue;
      const row = parseLine(line);
      if (row === null)
        throw new DatabaseUnreachableError(
          this.#file,
          `line ${index + 1} of the game-log journal cannot be read; nothing was changed`,
        );
      rows.push(row);
    }
    // A last line without its end was never acknowledged (its write did not finish).
    if (rows.length > 0) this.#insertAll(rows, true);
    this.stats.folds++;
    this.stats.rows += rows.length;
    this.#empty();
  }
}

function parseLine(line: string): JournalRow | null {
  const tab = line.indexOf('\t');
  if (tab === -1) return null;
  try {
    const head: unknown = JSON.parse(line.slice(0, tab));
    const action = line.slice(tab + 1);
    JSON.parse(action);
    if (!Array.isArray(head) || head.length !== 5) return null;
    const [gameId, seq, seat, epoch, at] = head as unknown[];
    if (typeof gameId !== 'string') return null;
    if (![seq, seat, epoch, at].every((value) => Number.isSafeInteger(value))) return null;
    return {
      gameId,
      seq: seq as number,
      seat: seat as number,
      epoch: epoch as number,
      at: at as number,
      action,
    };
  } catch {
    return null;
  }
}

function wholeNumber(value: number): number {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number: ${String(value)}`);
  return value;
}
