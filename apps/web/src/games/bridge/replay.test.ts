import {
  auctionBridge,
  type BridgeAction,
  type BridgeConfig,
  type BridgeState,
  defaultBridgeConfig,
} from '@kibitz/rules/bridge';
import { describe, expect, it } from 'vitest';
import { handStarts, nextTrickEnd } from '../common/replay.ts';
import { buildBridgeReplay, type LoggedBridgeMove } from './replay.ts';

/** A whole game with a seeded choice among the legal moves (a pass half the time in the auction, so it ends). */
function playLog(config: BridgeConfig, seed: string, choice: number) {
  let state: BridgeState = auctionBridge.create(config, seed);
  let random = choice;
  const next = () => {
    random = (random * 1103515245 + 12345) % 2147483648;
    return random / 2147483648;
  };
  const log: LoggedBridgeMove[] = [];
  for (let guard = 0; state.phase !== 'game-over' && guard < 5000; guard++) {
    const seat = state.toAct[0]!;
    const actions = auctionBridge.legalActions(state, seat);
    const pass = actions.find((action) => action.type === 'pass');
    const action: BridgeAction = pass && next() < 0.5 ? pass : actions[Math.floor(next() * actions.length)]!;
    const result = auctionBridge.apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    log.push({ seat, action });
    state = result.state;
  }
  return { log, state };
}

const FORMS = [
  { name: 'four players', players: 4, paced: false },
  { name: 'three players with the blind hand', players: 3, paced: false },
  { name: 'four players, paced', players: 4, paced: true },
  { name: 'three players, paced', players: 3, paced: true },
] as const;

describe('Bridge replay', () => {
  it.each(FORMS)('$name: a frame per move, every hand face up, the game’s result at the end', (form) => {
    const config = { ...defaultBridgeConfig(), players: form.players, handLimit: 2, paced: form.paced };
    const seed = `bridge-replay-${form.players}-${form.paced}`;
    const { log, state } = playLog(config, seed, 7);
    expect(state.phase).toBe('game-over');
    const replay = buildBridgeReplay(config, seed, log);
    expect(replay.error).toBeNull();
    expect(replay.seatCount).toBe(form.players);
    expect(replay.frames.filter((frame) => frame.move !== null)).toHaveLength(log.length);

    // The first deal: 52 cards in four hands (the blind hand too), no card on the table.
    const first = replay.frames[0]!;
    expect(first.hands.map((hand) => hand.length)).toEqual([13, 13, 13, 13]);
    expect(new Set(first.hands.flat()).size).toBe(52);

    // A played card leaves its hand and lies in the frame's trick.
    for (const [i, frame] of replay.frames.entries()) {
      const move = frame.move;
      if (move?.action.type !== 'play') continue;
      const card = move.action.card;
      expect(frame.view.trick.map((played) => played.card)).toContain(card);
      expect(frame.hands.flat()).not.toContain(card);
      expect(frame.hands.flat()).toHaveLength(replay.frames[i - 1]!.hands.flat().length - 1);
    }

    // Each hand's closing frame carries its result, in order; the last frame is the game's end.
    const closing = replay.frames.filter((frame) => frame.handEnded);
    expect(closing.map((frame) => frame.view.handResult)).toEqual(state.history);
    const last = replay.frames.at(-1)!;
    expect(last.handEnded).toBe(true);
    expect(last.view.phase).toBe('game-over');
    expect(last.view.result).toEqual(state.result);
    expect(last.view.score).toEqual(state.score);
    expect(handStarts(replay.frames)).toHaveLength(state.history.length);

    // A hand played out ends with its 13th trick on the table and 13 tricks counted.
    for (const frame of closing.filter((frame) => frame.view.handResult?.outcome === 'played')) {
      expect(frame.view.trick).toHaveLength(4);
      expect(frame.view.tricksWon.reduce((sum, won) => sum + won, 0)).toBe(13);
      expect(frame.hands.flat()).toEqual([]);
    }
  });

  it('steps from trick to trick, each with its four cards and its winner', () => {
    const config = { ...defaultBridgeConfig(), handLimit: 1 };
    const { log } = playLog(config, 'tricks', 3);
    const { frames } = buildBridgeReplay(config, 'tricks', log);
    let at = 0;
    let tricks = 0;
    while (at < frames.length - 1) {
      at = nextTrickEnd(frames, at);
      const frame = frames[at]!;
      expect(frame.view.trick).toHaveLength(4);
      expect(frame.view.trickWinner).not.toBeNull();
      tricks++;
    }
    expect(tricks).toBe(13);
  });

  it('stops at a move that does not replay and says which', () => {
    const config = defaultBridgeConfig();
    const { log } = playLog(config, 'corrupt', 5);
    const broken = [...log.slice(0, 2), { seat: 3, action: { type: 'play' as const, card: 'AS' as const } }];
    const replay = buildBridgeReplay(config, 'corrupt', broken);
    expect(replay.error).toMatch(/move 3 does not replay/);
    expect(replay.frames).toHaveLength(3);
  });

  it('refuses a config that is not Bridge’s', () => {
    expect(() => buildBridgeReplay({ game: 'auction-bridge', players: 5 }, 'x', [])).toThrow(/config/);
  });
});
