/** The leak checker must itself catch leaks: fed a faithful recording it is silent, fed leaks it speaks. */
import { heuristicBot, playGame } from '@kibitz/bots/pinochle';
import { toSentView, ViewAssembler, type ViewPayload } from '@kibitz/protocol';
import { sha256Hex } from '@kibitz/rules';
import { defaultConfig, pinochle, view } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { commitmentOf, dealChanges } from '../src/table-core/fair-deal.ts';
import type { Received } from './clients.ts';
import { checkWire, type ExportedGame, statesOf } from './wire-check.ts';

const config = defaultConfig('auction-west');
const played = playGame(config, 'wire-check', [heuristicBot, heuristicBot, heuristicBot]);
const exported: ExportedGame = {
  game: { id: 'g1', config, seed: 'wire-check', status: 'finished' },
  actions: played.log.map((entry, seq) => ({ seq, ...entry })),
};
const states = statesOf(exported);

/**
 * What the server would send seat 1, built the way game-flow.ts and table.ts build it
 * (views leaving out what did not change), as the test client records it.
 */
function faithful(): Received[] {
  const received: Received[] = [];
  const push = (event: string, payload: unknown) => received.push({ event, payload, at: 0 });
  const assembler = new ViewAssembler();
  let before: ViewPayload | undefined;
  const pushView = (version: number) => {
    const current = { gameId: 'g1', version, view: view(states[version]!, 1) };
    const wire = toSentView(before, current);
    received.push({
      event: 'view',
      payload: assembler.assemble(wire),
      wire,
      at: 0,
    });
    before = current;
  };
  push('deal', { gameId: 'g1', ...commitmentOf(pinochle, states[0]!)! });
  pushView(0);
  for (let v = 1; v < states.length; v++) {
    const { commit, reveal } = dealChanges(pinochle, states[v - 1]!, states[v]!);
    if (commit) push('deal', { gameId: 'g1', ...commit });
    pushView(v);
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

  it('checks the packet as sent, not only the view put together from it', () => {
    const faithfully = faithful();
    const sentParts = faithfully.filter((entry) => entry.event === 'view' && entry.wire !== entry.payload);
    // The recording really has views that left parts out.
    expect(sentParts.length).toBeGreaterThan(states.length / 2);
    const leaky = faithful();
    const index = leaky.findIndex(
      (entry) => entry.event === 'view' && (entry.payload as { version: number }).version === 7,
    );
    const entry = leaky[index]!;
    const wire = entry.wire as { view: object };
    // Seat 2's hand riding along in the packet, beside a correct view.
    leaky[index] = { ...entry, wire: { ...wire, peek: view(states[7]!, 2).hand } };
    expect(checkWire(leaky, exported, 1).problems.join('\n')).toMatch(/view packet has "peek"/);
    leaky[index] = { ...entry, wire: { ...wire, view: { ...wire.view, hand: view(states[7]!, 2).hand } } };
    expect(checkWire(leaky, exported, 1).problems.join('\n')).toMatch(/sent a "hand" that is not the view's/);
  });

  it('accepts only commitments and reveals that match', () => {
    const first = commitmentOf(pinochle, states[0]!)!;
    expect(first.commitment).toBe(sha256Hex(states[0]!.hand.seed));
    const wrong = faithful();
    wrong[0] = { ...wrong[0]!, payload: { gameId: 'g1', deal: 0, commitment: sha256Hex('not it') } };
    expect(checkWire(wrong, exported, 1).problems.join('\n')).toMatch(/commitment of deal 0 is wrong/);
  });
});
