/** Test doubles for the bot players: a logger that keeps its lines, a pool that answers as told. */
import type { BotPool, PoolAnswer, PoolRequest } from '@kibitz/bots';
import type { BridgeBotRequest, BridgePoolDecision } from '@kibitz/bots/bridge';
import type { BotRequest, PoolDecision } from '@kibitz/bots/pinochle';
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
 * `answerBridge`, as `ask` names the game, and remembers what it was asked (without the
 * game's name).
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
    ask(request: PoolRequest): Promise<PoolAnswer> {
      const { game, ...without } = request;
      if (game === undefined || game === 'pinochle') {
        asked.push(without as BotRequest);
        return answer(without as BotRequest);
      }
      if (game === 'auction-bridge') {
        askedBridge.push(without as BridgeBotRequest);
        return answerBridge(without as BridgeBotRequest);
      }
      return Promise.reject(new Error(`no game "${game}" here`));
    },
    review: () => Promise.reject(new Error('this pool answers bot requests only')),
    hint: () => Promise.reject(new Error('this pool answers bot requests only')),
    queued: 0,
    threads: 0,
    close: () => Promise.resolve(),
  };
}
