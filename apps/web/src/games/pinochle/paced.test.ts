import { apply, createGame, defaultConfig, type GameState, legalActions, view } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { handResult, meldOpen, phaseOf, trickWinner } from './paced.ts';

function advance(state: GameState, stop: (state: GameState) => boolean): GameState {
  while (!stop(state)) {
    const seat = state.toAct[0]!;
    const actions = legalActions(state, seat);
    const action =
      actions.find((a) => a.type === 'bid') ?? actions.find((a) => a.type !== 'concede') ?? actions[0]!;
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return state;
}

describe('the paced hand as the page reads it', () => {
  const paced = { ...defaultConfig('cutthroat'), paced: true };

  it('names the winner of a completed trick only while it lies on the table', () => {
    const state = advance(createGame(paced, 'paced-web'), (s) => s.phase === 'trick-end');
    const shown = view(state, 'spectator');
    expect(phaseOf(shown)).toBe('trick-end');
    expect(shown.trick).toHaveLength(3);
    expect(trickWinner(shown)).toBe(state.toAct[0]);
    expect(meldOpen(shown)).toBe(false);
    const next = advance(state, (s) => s.phase === 'play');
    expect(trickWinner(view(next, 'spectator'))).toBeNull();
  });

  it('keeps meld open from trump until the first trick is led', () => {
    const state = advance(createGame(paced, 'paced-web'), (s) => s.phase === 'play');
    expect(meldOpen(view(state, 'spectator'))).toBe(true);
    const led = advance(state, (s) => s.hand.trick.length === 1);
    expect(meldOpen(view(led, 'spectator'))).toBe(false);
  });

  it('gives the hand just scored between hands', () => {
    const state = advance(createGame(paced, 'paced-web'), (s) => s.phase === 'hand-end');
    const shown = view(state, 0);
    expect(handResult(shown)).toEqual(state.history.at(-1));
  });
});
