/**
 * Bot thinking off the caller's thread: a piscina pool of worker threads, each running
 * `decideBot`. A strong bot's second of search then never holds up the server's event
 * loop (and with it every other table). Requests and answers are plain JSON (views and
 * memories are), copied between threads by structured clone.
 *
 *     const pool = createBotPool();
 *     const { action, memory } = await pool.ask({ game, view, memory, level: 'strong', seed });
 *     ...
 *     await pool.close();
 *
 * No thread starts until the first request: a server whose bots are all easy (they think
 * on the caller's thread) never pays for the pool's threads.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { GameReview } from './common/review.ts';
import type { Hint, HintRequest } from './hint.ts';
import type { PoolAnswer, PoolRequest } from './pool-task.ts';

export interface BotPoolOptions {
  /** Threads at most; default: one less than the cores (at least one). */
  threads?: number;
  /** A thread idle this long is stopped (ms); default 60 s. */
  idleTimeoutMs?: number;
}

export interface BotPool {
  /**
   * A bot's answer (and its memory after the view), computed on a pool thread: the request
   * names its game by id (the pool task finds its bots in the registry).
   */
  ask(request: PoolRequest): Promise<PoolAnswer>;
  /** The double-dummy review of a finished game's export (review.ts), on a pool thread. */
  review(exported: unknown): Promise<GameReview>;
  /** A learner's hint from their own view (hint.ts), on a pool thread. */
  hint(request: HintRequest): Promise<Hint>;
  /** Requests waiting for a free thread. */
  readonly queued: number;
  /** Threads running now (0 until the first request, and after close). */
  readonly threads: number;
  /** Stops the threads; pending requests are rejected. */
  close(): Promise<void>;
}

const WORKER_SCRIPT = new URL('./pool-worker.mjs', import.meta.url);

/** What a pool thread calls itself on Linux (its /proc comm; set in pool-worker.mjs). */
export const BOT_THREAD_NAME = 'kibitz-bot';

export function createBotPool(options: BotPoolOptions = {}): BotPool {
  const threads = Math.max(1, options.threads ?? availableParallelism() - 1);
  let piscina: Piscina<unknown, unknown> | null = null;
  let closed = false;
  // Made on the first request: from then on one thread stays (minThreads), up to `threads`.
  const started = () => {
    if (closed) throw new Error('the bot pool is closed');
    piscina ??= new Piscina<unknown, unknown>({
      filename: WORKER_SCRIPT.href,
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
    });
    return piscina;
  };
  const run = <T>(task: unknown, name?: string): Promise<T> => {
    try {
      return started().run(task, name === undefined ? {} : { name }) as Promise<T>;
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return {
    ask: (request) => run<PoolAnswer>(request),
    review: (exported) => run<GameReview>(exported, 'review'),
    hint: (request) => run<Hint>(request, 'hint'),
    get queued() {
      return piscina?.queueSize ?? 0;
    },
    get threads() {
      return closed ? 0 : (piscina?.threads.length ?? 0);
    },
    close: async () => {
      closed = true;
      await piscina?.close({ force: true });
    },
  };
}
