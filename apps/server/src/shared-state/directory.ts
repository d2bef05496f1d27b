/**
 * The lobby list and presence counts every process sees. Without Redis (one process)
 * the lobby lists what is in its memory, as always. With Redis each process writes its
 * listed tables there every few seconds, with a long expiry (the idle time after which a
 * table leaves memory anyway): a table stays listed when the process that ran it stops
 * or dies, until another takes it over (on the first join) and writes it again. A table
 * that leaves memory because nobody uses it, or is no longer listed, is taken off.
 */
import type { Redis } from 'ioredis';
import type { TableSummary } from '../rooms/lobby.ts';

export interface Presence {
  /** Sockets connected to every process. */
  sockets: number;
  /** Processes that reported lately. */
  servers: number;
}

export interface TableDirectory {
  /** This process's listed tables now (replacing what it wrote before). */
  publish(tables: readonly TableSummary[], sockets: number): Promise<void>;
  /** Takes a table off the list (it left memory idle, or is no longer listed). */
  remove(codes: readonly string[]): Promise<void>;
  list(): Promise<TableSummary[]>;
  presence(): Promise<Presence>;
}

interface Entry {
  table: TableSummary;
  /** ms since the epoch after which the entry is stale. */
  until: number;
}

export class RedisDirectory implements TableDirectory {
  #published = new Set<string>();
  readonly #lobby: string;
  readonly #presence: string;

  constructor(
    private readonly redis: Redis,
    /** Key prefix (several deployments, or tests, on one Redis). */
    prefix: string,
    private readonly node: string,
    /** How long an entry lasts unrefreshed (a table left with its process stays this long). */
    private readonly keepMs: number,
    /** How long a process's presence lasts unrefreshed. */
    private readonly presenceMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#lobby = `${prefix}lobby`;
    this.#presence = `${prefix}presence`;
  }

  async publish(tables: readonly TableSummary[], sockets: number): Promise<void> {
    const until = this.now() + this.keepMs;
    const multi = this.redis.multi();
    const codes = new Set(tables.map((table) => table.code));
    const unlisted = [...this.#published].filter((code) => !codes.has(code));
    if (tables.length > 0) {
      multi.hset(
        this.#lobby,
        Object.fromEntries(
          tables.map((table) => [table.code, JSON.stringify({ table, until } satisfies Entry)]),
        ),
      );
    }
    if (unlisted.length > 0) multi.hdel(this.#lobby, ...unlisted);
    multi.hset(this.#presence, this.node, JSON.stringify({ sockets, until: this.now() + this.presenceMs }));
    await multi.exec();
    this.#published = codes;
  }

  async remove(codes: readonly string[]): Promise<void> {
    if (codes.length === 0) return;
    for (const code of codes) this.#published.delete(code);
    await this.redis.hdel(this.#lobby, ...codes);
  }

  async list(): Promise<TableSummary[]> {
    const now = this.now();
    const entries = await this.redis.hgetall(this.#lobby);
    const tables: TableSummary[] = [];
    const stale: string[] = [];
    for (const [code, text] of Object.entries(entries)) {
      const entry = parseEntry(text);
      if (entry === null || entry.until < now) stale.push(code);
      else tables.push(entry.table);
    }
    if (stale.length > 0) await this.redis.hdel(this.#lobby, ...stale);
    return tables;
  }

  async presence(): Promise<Presence> {
    const now = this.now();
    const entries = await this.redis.hgetall(this.#presence);
    let sockets = 0;
    let servers = 0;
    const stale: string[] = [];
    for (const [node, text] of Object.entries(entries)) {
      const entry = parsePresence(text);
      if (entry === null || entry.until < now) {
        stale.push(node);
        continue;
      }
      servers++;
      sockets += entry.sockets;
    }
    if (stale.length > 0) await this.redis.hdel(this.#presence, ...stale);
    return { sockets, servers };
  }

  /** This process is stopping: its presence goes; its tables stay listed for whoever takes them. */
  async leave(): Promise<void> {
    await this.redis.hdel(this.#presence, this.node);
  }
}

function parseEntry(text: string): Entry | null {
  try {
    const entry = JSON.parse(text) as Partial<Entry>;
    return typeof entry.until === 'number' && typeof entry.table?.code === 'string' ? (entry as Entry) : null;
  } catch {
    return null;
  }
}

function parsePresence(text: string): { sockets: number; until: number } | null {
  try {
    const entry = JSON.parse(text) as { sockets?: unknown; until?: unknown };
    return typeof entry.sockets === 'number' && typeof entry.until === 'number'
      ? { sockets: entry.sockets, until: entry.until }
      : null;
  } catch {
    return null;
  }
}
