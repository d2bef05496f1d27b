/**
 * One owner per table: a lease row per room in the database (`TableLease`: owner, epoch,
 * expiry), with the epoch as fencing token. Every game-log row carries the epoch its
 * writer holds, and the database refuses a row of any other epoch (the `lease_fencing`
 * migration's trigger), so a process that lost a table (paused past its lease, cut off)
 * can never append to its log again, whatever it believes.
 *
 * Why the lease lives in PostgreSQL and not in Redis: the check that matters is made by
 * the database on every log row, against the lease row, inside the same transaction and
 * under the same row lock. With the lease in Redis the epoch would have to be copied into
 * the database anyway, and there would be two truths to keep in step. Expiry is compared
 * with the database's clock only, so the processes' clocks never matter. On the embedded SQLite
 * store (one process, guarded by a directory lock) the same rows and an equivalent trigger
 * work; there every lease is taken at once (`exclusive`), as no other process can hold one.
 */
import { type LeaseSql, leaseSql } from './lease-sql.ts';
import type { Database } from './store.ts';

export { FENCED_SQLSTATE, LeaseLostError } from './errors.ts';

/**
 * The name a process writes in `owner`: its node id (stable across restarts) and this
 * run's boot id. A restarted node finds its earlier run's leases by the node id.
 */
export function leaseOwner(nodeId: string, bootId: string): string {
  return `${nodeId}/${bootId}`;
}

/** The node id in a lease's owner (`nodeId/bootId`; the boot id has no slash). */
export function nodeOfOwner(owner: string): string {
  const slash = owner.lastIndexOf('/');
  return slash < 0 ? owner : owner.slice(0, slash);
}

/** Tried again this long after a heartbeat would lapse (Redis expires keys on time, give or take). */
const HEARTBEAT_SLACK_MS = 25;

export type Acquired =
  | { ok: true; epoch: number }
  /** Another process holds it (under `epoch`); it can lapse in `retryAfterMs` at the earliest. */
  | { ok: false; owner: string; epoch: number; retryAfterMs: number };

/** The lease rows, as statements. */
export class LeaseStore {
  readonly #sql: LeaseSql;

  constructor(
    db: Pick<Database, 'prisma' | 'kind'>,
    /** This process, as written in `owner`. */
    readonly owner: string,
    readonly ttlMs: number,
    /** Only process on this database (the embedded store): take every lease whoever had it. */
    readonly exclusive = false,
  ) {
    this.#sql = leaseSql(db);
  }

  /** Takes the room's lease with a new epoch, if it is free, lapsed, or already ours. */
  async acquire(roomId: string): Promise<Acquired> {
    const taken = await this.#sql.take(roomId, this.owner, this.ttlMs, this.exclusive);
    if (taken[0] !== undefined) return { ok: true, epoch: Number(taken[0].epoch) };
    const row = (await this.#sql.held(roomId))[0];
    // Lapsed between the two statements: try again at once.
    if (row === undefined) return { ok: false, owner: 'unknown', epoch: 0, retryAfterMs: 0 };
    return {
      ok: false,
      owner: row.owner,
      epoch: Number(row.epoch),
      retryAfterMs: Math.ceil(Number(row.ms)),
    };
  }

  /**
   * Takes the room's lease (a new epoch) from `from`, a process known to be gone, before
   * its lease lapses; only if `from` still holds it under `epoch` (nobody took it since).
   * The new epoch fences `from` should it be alive after all: never two writers.
   */
  async takeFrom(roomId: string, from: string, epoch: number): Promise<Acquired> {
    const taken = await this.#sql.takeFrom(roomId, this.owner, from, epoch, this.ttlMs);
    if (taken[0] !== undefined) return { ok: true, epoch: Number(taken[0].epoch) };
    return this.acquire(roomId);
  }

  /**
   * Extends these leases where this process still holds them; answers those (room id →
   * epoch). Only the ones named: a lease this process let go (a table handed over) must
   * never be kept alive by it, whatever its row still says.
   */
  renew(roomIds: readonly string[]): Promise<Map<string, number>> {
    if (roomIds.length === 0) return Promise.resolve(new Map());
    return this.#sql.renew(roomIds, this.owner, this.ttlMs);
  }

  /**
   * At start: the leases an earlier run of this node still holds (it was killed, so it
   * never let them go) are ours under a new epoch and lapsed, so that this run, or any
   * other process, takes their tables at once instead of waiting for them to lapse. The
   * new epoch fences that earlier run should it still be alive somehow (its writes are
   * refused from now on). Safe only while no two live processes share a node id (see
   * `defaultNodeId`). Answers their room ids.
   */
  reclaimEarlierRuns(): Promise<string[]> {
    return this.#sql.reclaim(`${nodeOfOwner(this.owner)}/`, this.owner);
  }

  /**
   * Lets these leases lapse now (the epoch stays, so rows written under it stay refused
   * once someone else takes the table): another process may take them at once.
   */
  async release(roomIds: readonly string[]): Promise<void> {
    if (roomIds.length === 0) return;
    await this.#sql.release(roomIds, this.owner);
  }
}

/** `taken-over`: acquired before its lapse from a process gone (also counted as `acquired`). */
export type LeaseChange = 'acquired' | 'taken-over' | 'released' | 'lost' | 'fenced';

/** The heartbeats of the processes that write lease owners (cluster mode: in Redis). */
export interface Peers {
  /**
   * 0: the owner's process is gone (no heartbeat); n > 0: its heartbeat lapses in n ms
   * unless written again; null: it cannot be told (then it counts as alive).
   */
  lapsesIn(owner: string): Promise<number | null>;
}

export interface LeaseEvents {
  /** A lease this process held is gone (renewal found it taken, or could not renew in time). */
  lost(roomId: string): void;
  /** For metrics and logs. */
  changed?(change: LeaseChange, roomId: string): void;
}

/**
 * The leases this process holds, kept alive: renewed every third of their time while
 * the process runs. A renewal that finds a lease gone, or no renewal that succeeded for
 * a whole lease time, reports the table lost (the process must let it go).
 */
export class Leases {
  /** room id → epoch, and the renewal round in which it was taken. */
  readonly #held = new Map<string, { epoch: number; round: number }>();
  #round = 0;
  #confirmedAt = performance.now();
  #timer: NodeJS.Timeout | undefined;
  #renewing: Promise<void> | undefined;

  constructor(
    readonly store: LeaseStore,
    private readonly events: LeaseEvents,
    private readonly onError: (error: unknown) => void = () => {},
    /**
     * Cluster mode: a lease whose owner is known gone is taken at once rather than when
     * it lapses (failover in about the heartbeat's time, not the lease's).
     */
    private readonly peers?: Peers,
  ) {}

  /** Other processes may run this database's tables (PostgreSQL; not the embedded store's one process). */
  get shared(): boolean {
    return !this.store.exclusive;
  }

  get size(): number {
    return this.#held.size;
  }

  epochOf(roomId: string): number | undefined {
    return this.#held.get(roomId)?.epoch;
  }

  async acquire(roomId: string): Promise<Acquired> {
    let result = await this.store.acquire(roomId);
    let takenOver = false;
    if (!result.ok && result.retryAfterMs > 0 && this.peers !== undefined) {
      const from = result;
      const lapsesIn = await this.peers.lapsesIn(from.owner).catch(() => null);
      if (lapsesIn === 0) {
        result = await this.store.takeFrom(roomId, from.owner, from.epoch);
        takenOver = result.ok;
      } else if (lapsesIn !== null && lapsesIn < from.retryAfterMs) {
        // Try again just after its heartbeat would lapse: a dead owner's table is taken then.
        result = { ...from, retryAfterMs: lapsesIn + HEARTBEAT_SLACK_MS };
      }
    }
    if (result.ok) {
      this.#held.set(roomId, { epoch: result.epoch, round: this.#round });
      this.events.changed?.('acquired', roomId);
      if (takenOver) this.events.changed?.('taken-over', roomId);
    }
    return result;
  }

  /**
   * Starts renewing (every third of the lease time). Not when exclusive (the embedded
   * store's one process): nobody else can take a lease there, so renewing would only cost its thread
   * a statement every few seconds.
   */
  start(): void {
    if (this.#timer !== undefined || this.store.exclusive) return;
    this.#timer = setInterval(() => void this.renew(), Math.max(50, this.store.ttlMs / 3));
    this.#timer.unref();
  }

  /** Stops renewing: the leases lapse by themselves (tests freeze a process this way). */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** One renewal round. */
  renew(): Promise<void> {
    this.#renewing ??= this.#renew().finally(() => {
      this.#renewing = undefined;
    });
    return this.#renewing;
  }

  async #renew(): Promise<void> {
    const round = ++this.#round;
    const started = performance.now();
    let renewed: Map<string, number>;
    try {
      renewed = await this.store.renew([...this.#held.keys()]);
    } catch (error) {
      this.onError(error);
      // Unconfirmed for a whole lease time: another process may hold them by now.
      if (performance.now() - this.#confirmedAt >= this.store.ttlMs) {
        for (const roomId of [...this.#held.keys()]) this.#lose(roomId, 'lost');
      }
      return;
    }
    this.#confirmedAt = started;
    for (const [roomId, held] of [...this.#held]) {
      // Taken while this round was under way: its answer may not know it yet.
      if (held.round >= round) continue;
      if (renewed.get(roomId) !== held.epoch) this.#lose(roomId, 'lost');
    }
  }

  /** A write under this room's lease was refused by the database. */
  fenced(roomId: string, epoch: number): void {
    if (this.#held.get(roomId)?.epoch === epoch) this.#lose(roomId, 'fenced');
  }

  #lose(roomId: string, change: 'lost' | 'fenced'): void {
    this.#held.delete(roomId);
    this.events.changed?.(change, roomId);
    this.events.lost(roomId);
  }

  /** Lets these leases (default: all) go, so another process can take the tables at once. */
  async release(roomIds: readonly string[] = [...this.#held.keys()]): Promise<void> {
    const mine = roomIds.filter((roomId) => this.#held.delete(roomId));
    if (mine.length === 0) return;
    // A renewal under way may still name them: let it finish first, or its UPDATE, landing
    // after ours, would hold them for another term (the next renewal no longer names them).
    await this.#renewing;
    await this.store.release(mine);
    for (const roomId of mine) this.events.changed?.('released', roomId);
  }
}
