/** Messages between the capacity bench (run.ts) and its players' process (players.ts). */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Window {
  samples: number;
  p50: number;
  p99: number;
  actionsPerSecond: number;
  clientCpuCores: number;
  refused: Record<string, number>;
  reconnects: number;
}

export type ToPlayers =
  | {
      type: 'open';
      url: string;
      tables: number;
      pace: { minMs: number; maxMs: number };
      /** Behind the proxy: the nodes, to open each table on the one the proxy routes its code to. */
      nodes?: { id: string; url: string }[];
    }
  | { type: 'measure'; seconds: number }
  | { type: 'stop' };

export type FromPlayers =
  | { type: 'ready' }
  | { type: 'opened'; tables: number; players: number }
  | { type: 'measured'; window: Window }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };

export interface PlayersProcess {
  child: ChildProcess;
  request<T extends FromPlayers['type']>(
    message: ToPlayers,
    answer: T,
  ): Promise<Extract<FromPlayers, { type: T }>>;
}

const entry = fileURLToPath(new URL('./players.ts', import.meta.url));

export async function startPlayers(): Promise<PlayersProcess> {
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let waiting: { type: string; resolve: (message: FromPlayers) => void; reject: (e: Error) => void } | null =
    null;
  child.on('message', (message: FromPlayers) => {
    const current = waiting;
    if (current === null) return;
    if (message.type === 'failed') {
      waiting = null;
      current.reject(new Error(`players: ${message.message}`));
    } else if (message.type === current.type) {
      waiting = null;
      current.resolve(message);
    }
  });
  child.once('exit', (code) => waiting?.reject(new Error(`the players' process exited (${code})`)));
  const expect = <T extends FromPlayers['type']>(type: T) =>
    new Promise<Extract<FromPlayers, { type: T }>>((resolve, reject) => {
      waiting = { type, resolve: resolve as (message: FromPlayers) => void, reject };
    });
  await expect('ready');
  return {
    child,
    request(message, answer) {
      const reply = expect(answer);
      child.send(message);
      return reply;
    },
  };
}
