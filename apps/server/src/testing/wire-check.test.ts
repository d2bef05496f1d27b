/** The leak checker must itself catch leaks: fed a faithful recording it is silent, fed leaks it speaks. */
import { heuristicBot, playGame } from '@kibitz/bots';
import { defaultConfig, sha256Hex, view } from '@kibitz/rules';
import { describe, expect, it } from 'vitest';
import { commitmentOf, dealChanges } from '../rooms/fair-deal.ts';
import type { Received } from './clients.ts';
import { checkWire, type ExportedGame, statesOf } from './wire-check.ts';

const config = defaultConfig('auction-west');
const played = playGame(config, 'wire-check', [heuristicBot, heuristicBot, heuristicBot]);
const exported: ExportedGame = {
  game: { id: 'g1', config, seed: 'wire-check', status: 'finished' },
  actions: played.log.map((entry, seq) => ({ seq, ...entry })),
};
const states = statesOf(exported);

/** What the server would send seat 1, built the way game-flow.ts builds it. */
function faithful(): Received[] {
  const received: Received[] = [];
  const push = (event: string, payload: unknown) => received.push({ event, payload, at: 0 });
  push('deal', { gameId: 'g1', ...commitmentOf(states[0]!)! });
  push('view', { gameId: 'g1', version: 0, view: view(states[0]!, 1) });
  for (let v = 1; v < states.length; v++) {
    const { commit, reveal } = dealChanges(states[v - 1]!, states[v]!);
    if (commit) push('deal', { gameId: 'g1', ...commit });
    push('view', { gameId: 'g1', version: v, view: view(states[v]!, 1) });
    if (reveal) push('seed-reveal', { gameId: 'g1', ...reveal });
  }
  return received;
}

describe('checkWire', () => {
  it('passes what the server sends', () => {
    const report = checkWire(faithful(), exported, 1);
    expect(report.problems).toEqual([]);
    expect(report.reveals).toBe(states.at(-1)!.history.length);
    expect(report.views).toBe(states.length);
  });

  it('catches another seat’s cards, an early seed and the game seed', () => {
    const leaky = faithful();
    const index = leaky.findIndex(
      (entry) => entry.event === 'view' && (entry.payload as { version: number }).version === 5,
    );
    leaky[index] = { ...leaky[index]!, payload: { gameId: 'g1', version: 5, view: view(states[5]!, 2) } };
    // The first seed revealed before the views that end its hand.
    const reveal = leaky.findIndex((entry) => entry.event === 'seed-reveal');
    leaky.splice(2, 0, leaky[reveal]!);
    leaky.push({
      event: 'chat',
      payload: { from: { playerId: 'x', name: 'x' }, text: 'wire-check', at: '' },
      at: 0,
    });
    const problems = checkWire(leaky, exported, 1).problems.join('\n');
    expect(problems).toMatch(/view v5 is not view\(state, 1\)/);
    expect(problems).toMatch(/revealed before its hand ended/);
    expect(problems).toMatch(/carries the game seed/);
  });

  it('accepts only commitments and reveals that match', () => {
    const first = commitmentOf(states[0]!)!;
    expect(first.commitment).toBe(sha256Hex(states[0]!.hand.seed));
    const wrong = faithful();
    wrong[0] = { ...wrong[0]!, payload: { gameId: 'g1', deal: 0, commitment: sha256Hex('not it') } };
    expect(checkWire(wrong, exported, 1).problems.join('\n')).toMatch(/commitment of deal 0 is wrong/);
  });
});
