/** Test doubles for the bot players: a logger that keeps its lines, a pool that answers as told. */
import type {
  BotPool,
  BotRequest,
  BridgeBotRequest,
  BridgePoolDecision,
  PoolAnswer,
  PoolDecision,
  PoolRequest,
} from '@kibitz/bots';
import type { BotLog } from './bot-players.ts';

/** A logger that keeps what it was told. */
export function recordingLog(): BotLog & { lines: { level: string; message: string; details: object }[] } {
  const lines: { level: string; message: string; details: object }[] = [];
  const at = (level: string) => (details: object, message: string) => {
    lines.push({ level, message, details });
  };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * A pool that answers each Pinochle request through `answer` and each Bridge one through
 * `answerBridge` (and remembers what it was asked, without the game's name), however it
 * is asked: by the game's own method or by `ask` with the game's id.
 */
export function fakePool(
  answer: (request: BotRequest) => Promise<PoolDecision>,
  answerBridge: (request: BridgeBotRequest) => Promise<BridgePoolDecision> = () =>
    Promise.reject(new Error('no Bridge here')),
): BotPool & { asked: BotRequest[]; askedBridge: BridgeBotRequest[] } {
  const asked: BotRequest[] = [];
  const askedBridge: BridgeBotRequest[] = [];
  return {
    asked,
    askedBridge,
    decide(request) {
      asked.push(request);
      return answer(request);
    },
    decideBridge(request) {
      askedBridge.push(request);
      return answerBridge(request);
    },
    ask(request: PoolRequest): Promise<PoolAnswer> {
      const { game, ...asked } = request;
      if (game === undefined || game === 'pinochle') return this.decide(asked as BotRequest);
      if (game === 'auction-bridge') return this.decideBridge(asked as BridgeBotRequest);
      return Promise.reject(new Error(`no game "${game}" here`));
    },
    queued: 0,
    threads: 0,
    close: () => Promise.resolve(),
  };
}
