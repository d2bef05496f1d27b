import { heuristicBot, playGame } from '@kibitz/bots/pinochle';
import { BadLogError } from '@kibitz/rules';
import { defaultConfig, type GameConfig } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import type { LoggedAction } from '../db/game-log.ts';
import { gameRecordOf, replayHands, type StoredGameWithRoom } from './game-records.ts';

const config: GameConfig = defaultConfig('cutthroat');
const seed = 'records';
const played = playGame(config, seed, [heuristicBot, heuristicBot, heuristicBot]);

function stored(): StoredGameWithRoom {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    id: 'g1',
    number: 1,
    config,
    seed,
    status: 'finished',
    result: null,
    players: null,
    hints: null,
    roomCode: 'ABCD',
    createdAt: at,
    finishedAt: at,
  };
}

function rows(log: typeof played.log): LoggedAction[] {
  return log.map(({ seat, action }, seq) => ({ seq, seat, action, createdAt: new Date(0) }));
}

describe('game records', () => {
  it('rebuild a finished game from its log, and split it hand by hand', () => {
    const record = gameRecordOf(stored(), rows(played.log));
    expect(record.state).toEqual(played.state);
    const hands = replayHands(record);
    expect(hands).toHaveLength(played.state.history.length);
    expect(hands.map((hand) => hand.result)).toEqual(played.state.history);
    expect(hands.flatMap((hand) => hand.actions.map((entry) => entry.seq))).toEqual(
      played.log.map((_, seq) => seq),
    );
  });

  it('refuse a log that does not replay with the position of the bad action, never a game cut short', () => {
    const bad = rows(played.log);
    const at = 40;
    bad[at] = { ...bad[at]!, seat: (bad[at]!.seat + 1) % 3 };
    let thrown: unknown = null;
    try {
      gameRecordOf(stored(), bad);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BadLogError);
    expect((thrown as BadLogError).bad).toMatchObject({ code: 'bad-log', index: at, seat: bad[at]!.seat });
    expect((thrown as BadLogError).bad.rejection.code).toBe('not-your-turn');
    expect((thrown as BadLogError).message).toMatch(/^action 41 of \d+ \(seat \d, \w+\) does not replay/);
  });
});
