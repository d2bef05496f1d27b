import { apply, createGame, defaultConfig, type GameConfig, legalActions } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { handStarts, nextTrickEnd } from '../common/replay.ts';
import { buildReplay, type LoggedAction } from './replay.ts';

/** A game played by bidding while it can, then taking the first legal move that is not a concession. */
function playLog(config: GameConfig, seed: string, maxHands: number) {
  let state = createGame(config, seed);
  const log: LoggedAction[] = [];
  while (state.phase !== 'game-over' && state.history.length < maxHands) {
    const seat = state.toAct[0]!;
    const actions = legalActions(state, seat);
    const action =
      actions.find((candidate) => candidate.type === 'bid') ??
      actions.find((candidate) => candidate.type !== 'concede' && candidate.type !== 'call-redeal') ??
      actions[0]!;
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    log.push({ seat, action });
    state = result.state;
  }
  return { log, state };
}

describe('replay', () => {
  it.each(['cutthroat', 'double-deck'] as const)(
    '%s: frames for every move, hands and tricks in view',
    (variant) => {
      const config = defaultConfig(variant);
      const { log, state } = playLog(config, `replay-${variant}`, 2);
      const replay = buildReplay(config, `replay-${variant}`, log);
      expect(replay.error).toBeNull();
      const moves = replay.frames.filter((frame) => frame.move !== null);
      expect(moves).toHaveLength(log.length);
      expect(replay.frames.at(-1)!.scores).toEqual(state.scores);
      // Frame 0 is the first deal, all hands face up.
      const first = replay.frames[0]!;
      expect(first.hands.flat()).toHaveLength(config.variant === 'double-deck' ? 80 : 45);
      // Every played card is on the table in its own frame.
      for (const frame of moves) {
        if (frame.move?.action.type === 'play') {
          const card = frame.move.action.card;
          expect(frame.trick.some((played) => played.seat === frame.move!.seat && played.card === card)).toBe(
            true,
          );
        }
      }
      // Each finished hand has a closing frame with its result, and then a fresh deal.
      const closing = replay.frames.filter((frame) => frame.handResult !== null);
      expect(closing.map((frame) => frame.handResult)).toEqual(state.history);
      expect(handStarts(replay.frames)).toHaveLength(
        state.history.length + (state.phase === 'game-over' ? 0 : 1),
      );
    },
  );

  it('steps to the end of the next trick', () => {
    const config = defaultConfig('cutthroat');
    const { log } = playLog(config, 'tricks', 1);
    const { frames } = buildReplay(config, 'tricks', log);
    const end = nextTrickEnd(frames, 0);
    expect(frames[end]!.move?.action.type).toBe('play');
    expect(frames[end]!.trick).toHaveLength(3);
    expect(nextTrickEnd(frames, frames.length - 1)).toBe(frames.length - 1);
  });

  it('stops at a move that does not replay and says which', () => {
    const config = defaultConfig('cutthroat');
    const { log } = playLog(config, 'corrupt', 1);
    const broken = [...log.slice(0, 3), { seat: 0, action: { type: 'play' as const, card: 'AS' as const } }];
    const replay = buildReplay(config, 'corrupt', broken);
    expect(replay.error).toMatch(/move 4 does not replay/);
    expect(replay.frames).toHaveLength(4);
  });
});
