/** Server settings, from the environment with defaults that work on a fresh clone. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_MESSAGE_BYTES } from '@kibitz/protocol';
import type { ChatLimits, Timing } from './rooms/context.ts';
import type { SocketLimits } from './transport/sockets.ts';

export interface ServerSettings {
  port: number;
  host: string;
  /** PGlite data and the generated server secret live here. */
  dataDir: string;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl: string | undefined;
  /** Signs guest tokens; generated into dataDir when unset. */
  secret: string | undefined;
  logLevel: string;
  timing: Timing;
  chat: ChatLimits;
  sockets: SocketLimits;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const defaultTiming: Timing = { botDelayMs: 700, secondMs: 1000, idleTableMs: 30 * 60_000 };
export const defaultChatLimits: ChatLimits = { messages: 5, windowMs: 10_000 };
export const defaultSocketLimits: SocketLimits = {
  maxMessageBytes: MAX_MESSAGE_BYTES,
  eventsPerSecond: 20,
  eventBurst: 40,
};

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number (got "${value}")`);
  return parsed;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  return {
    port: integer(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(repoRoot, env.KIBITZ_DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    secret: env.KIBITZ_SECRET || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    timing: {
      ...defaultTiming,
      botDelayMs: integer(env.KIBITZ_BOT_DELAY_MS, defaultTiming.botDelayMs, 'KIBITZ_BOT_DELAY_MS'),
    },
    chat: defaultChatLimits,
    sockets: {
      ...defaultSocketLimits,
      eventsPerSecond: integer(
        env.KIBITZ_EVENTS_PER_SECOND,
        defaultSocketLimits.eventsPerSecond,
        'KIBITZ_EVENTS_PER_SECOND',
      ),
      eventBurst: integer(env.KIBITZ_EVENT_BURST, defaultSocketLimits.eventBurst, 'KIBITZ_EVENT_BURST'),
    },
  };
}
