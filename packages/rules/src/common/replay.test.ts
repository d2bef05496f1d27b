import { describe, expect, it } from 'vitest';
import { auctionBridge } from '../bridge/module.ts';
import { replayBridge } from '../bridge/replay.ts';
import { BadLogError, type Reducer, replayLog, replayOrThrow } from '../common/replay.ts';
import type { Refusal } from '../common/types.ts';
import { defaultConfig } from '../pinochle/config.ts';
import { pinochle } from '../pinochle/module.ts';
import { replay } from '../pinochle/replay.ts';

const cutthroat = defaultConfig('cutthroat');

/** The first `n` moves of a game where each seat to act takes its first listed action. */
function firstMoves(n: number) {
  let state = pinochle.create(cutthroat, 'log');
  const log = [];
  for (let i = 0; i < n; i++) {
    const seat = state.toAct[0]!;
    const action = pinochle.legalActions(state, seat)[0]!;
    log.push({ seat, action });
    const result = pinochle.apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return { log, state };
}

describe('the one replay', () => {
  it('reproduces the game of a good log (Pinochle by name and through the seam)', () => {
    const { log, state } = firstMoves(6);
    expect(replay(cutthroat, 'log', log)).toEqual({ ok: true, state });
    expect(replayOrThrow(pinochle, cutthroat, 'log', log)).toEqual(state);
  });

  it('refuses a log with an entry that is no action at all, naming its position, and never throws', () => {
    const { log } = firstMoves(4);
    const bad = [...log.slice(0, 2), { seat: 0, action: null as never }, log[3]!];
    const result = replay(cutthroat, 'log', bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.index).toBe(2);
    expect(result.rejection.code).toBe('malformed-action');
    expect(result.error.message).toBe(
      'action 3 of 4 (seat 0, not an action) does not replay: malformed-action: An action is an object with a "type"',
    );
    expect(result.state).toEqual(firstMoves(2).state);
  });

  it('refuses a log for a seat that is not at the table', () => {
    const result = replayLog(pinochle, cutthroat, 'log', [{ seat: 3, action: { type: 'pass' } }]);
    expect(result.ok ? null : [result.index, result.rejection.code]).toEqual([0, 'not-a-seat']);
  });

  it('replayOrThrow throws a typed BadLogError carrying the position', () => {
    const { log } = firstMoves(3);
    const bad = [log[0]!, log[0]!];
    try {
      replayOrThrow(pinochle, cutthroat, 'log', bad);
      expect.unreachable('a bad log replayed');
    } catch (error) {
      expect(error).toBeInstanceOf(BadLogError);
      expect((error as BadLogError).bad).toMatchObject({ code: 'bad-log', index: 1, seat: log[0]!.seat });
      expect((error as BadLogError).message).toMatch(
        /^action 2 of 2 \(seat \d, (bid|pass)\) does not replay: not-your-turn/,
      );
    }
  });

  it('Bridge: "Die austeilende Person eröffnet die Auktion." [002], so a first call by another seat is refused at position 1', () => {
    const config = auctionBridge.defaultConfig();
    const dealer = auctionBridge.create(config, 'b').hand.dealer;
    const result = replayBridge(config, 'b', [{ seat: (dealer + 1) % 4, action: { type: 'pass' } }]);
    expect(result.ok ? null : result.error.message).toMatch(
      /^action 1 of 1 \(seat \d, pass\) does not replay: not-your-turn/,
    );
    const good = replayBridge(config, 'b', [{ seat: dealer, action: { type: 'pass' } }]);
    expect(good.ok && good.state.version).toBe(1);
  });
});

/**
 * Paced hands (CONTRACT Agreement 1): "a complete trick waits for 'gather', a finished hand
 * for every seat's 'continue'". The table logs neither a gather nor the continues it made
 * at once; the replay works them out (pacedImplied).
 */
describe('the replay of a paced log without its gathers and continues', () => {
  const games = [
    {
      name: 'Cutthroat',
      game: pinochle,
      config: { ...cutthroat, paced: true },
      hands: (s: { history: readonly unknown[] }) => s.history.length,
    },
    {
      name: 'Auction Bridge',
      game: auctionBridge,
      config: { ...auctionBridge.defaultConfig(), paced: true },
      hands: (s: { history: readonly unknown[] }) => s.history.length,
    },
  ] as const;
  for (const { name, game, config, hands } of games) {
    it(`${name}: makes the same moves, by the same seats, and reaches the same game`, () => {
      const reducer = game as unknown as Reducer<unknown, PacedGame, Move['action'], Refusal>;
      let state = reducer.create(config, 'paced');
      const full: Move[] = [];
      // Two hands scored, then on to a logged move (neither a gather nor a continue).
      for (let n = 0; n < 5000; n++) {
        const last = full.at(-1)?.action.type;
        if (hands(state) >= 2 && state.phase !== 'trick-end' && last !== 'gather' && last !== 'continue')
          break;
        const seat = state.toAct[0]!;
        const actions = (
          game as unknown as { legalActions(s: PacedGame, seat: number): Move['action'][] }
        ).legalActions(state, seat);
        const action = actions[(n * 7919) % actions.length]!;
        const result = reducer.apply(state, seat, action);
        if (!result.ok) throw new Error(result.rejection.message);
        full.push({ seat, action });
        state = result.state;
      }
      expect(hands(state)).toBeGreaterThanOrEqual(2);
      const paced = (move: Move) => move.action.type === 'gather' || move.action.type === 'continue';
      expect(full.filter(paced).length).toBeGreaterThan(10);
      const thin = full.filter((move) => !paced(move));
      const made: Move[] = [];
      const replayed = replayLog(reducer, config, 'paced', thin, (_before, _after, move) => made.push(move));
      expect(replayed).toEqual({ ok: true, state });
      expect(made).toEqual(full);
    });
  }

  it('leaves the complete trick at the end of a log on the table (its pause may still be running)', () => {
    const config = { ...cutthroat, paced: true };
    let state = pinochle.create(config, 'ends');
    const thin: Move[] = [];
    for (let n = 0; state.phase !== 'trick-end'; n++) {
      const seat = state.toAct[0]!;
      const actions = pinochle.legalActions(state, seat);
      const action = actions[(n * 7919) % actions.length]!;
      const result = pinochle.apply(state, seat, action);
      if (!result.ok) throw new Error(result.rejection.message);
      thin.push({ seat, action });
      state = result.state;
    }
    expect(replay(config, 'ends', thin as Parameters<typeof replay>[2])).toEqual({ ok: true, state });
  });
});

type Move = { seat: number; action: { type: string } };
type PacedGame = { phase: string; toAct: readonly number[]; history: readonly unknown[] };
