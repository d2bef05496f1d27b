/**
 * Strong card play by exact solves of sampled layouts (exact.ts, search.ts): a card only
 * the double-dummy solve finds, forced cards answered without a search, and a choice made
 * from the seat's own view alone.
 */
import { createRandom } from '@kibitz/rules';
import { type BridgeState, bridgeView, createBridgeGame } from '@kibitz/rules/bridge';
import { describe, expect, it } from 'vitest';
import { unlimited } from '../../common/solve-budget.ts';
import { ruleBridgeBot } from '../bot.ts';
import { decideBridgeBot } from '../index.ts';
import { decidePlay } from '../play.ts';
import { playBridgeRubber } from '../play-rubber.ts';
import { act, bridgeConfig, scrambled } from '../test-support.ts';
import { exactValues } from './exact.ts';
import { distinctCandidates } from './search.ts';
import { solveStats } from './solve.ts';

/** Every state of one hand (four players) played by rule bots. */
function statesOfAHand(seed: string): BridgeState[] {
  const config = bridgeConfig({ players: 4, handLimit: 1 });
  const { log } = playBridgeRubber(config, seed, Array(4).fill(ruleBridgeBot));
  let state = createBridgeGame(config, seed);
  const states: BridgeState[] = [];
  for (const { action } of log) {
    states.push(state);
    state = act(state, [action]);
  }
  return states;
}

/** Reproducible (no clock): strong's exact solves over 24 layouts, and strong as it was (play-outs only). */
const EXACT = { maxMs: Number.POSITIVE_INFINITY, exactDeals: 24 } as const;
const PLAY_OUTS = { maxMs: Number.POSITIVE_INFINITY, exactNodes: 0 } as const;

describe('strong Bridge play by exact solves', () => {
  // Found by playing rule-bot hands: trick 6, the defender at hand 3 holds A♥ Q♥ 5♥ 2♥.
  const state = statesOfAHand('exact-90')[25]!;
  const view = bridgeView(state, 3);

  it('finds the only card that beats the contract, which the play-outs miss', () => {
    expect(view.tricks).toHaveLength(5);
    expect(view.prompt).toMatchObject({ kind: 'play', hand: 3, cards: ['AH', 'QH', '5H', '2H'] });
    // Double dummy, on the real cards: Q♥ alone sets the contract (the defenders' tricks
    // plus the bonus for beating it), every other card lets it make.
    const real = exactValues(view, state.hand.hands, ['AH', 'QH', '5H', '2H'], new Map(), unlimited());
    expect(real).toEqual([6, 10, 6, 6]);
    const exact = decideBridgeBot({ view, level: 'strong', seed: 'fixed', budget: EXACT });
    expect(exact.action).toEqual({ type: 'play', card: 'QH' });
    expect(exact.deals).toBe(24);
    const old = decideBridgeBot({ view, level: 'strong', seed: 'fixed', budget: PLAY_OUTS });
    expect(old.action).not.toEqual({ type: 'play', card: 'QH' });
  });

  it('decides it from its own view: hidden cards dealt anew give the same card', () => {
    const random = createRandom('exact-scramble');
    for (let i = 0; i < 3; i++) {
      const dealtAnew = scrambled(state, 3, random);
      // Other hidden cards, the same view.
      expect(dealtAnew.hand.hands).not.toEqual(state.hand.hands);
      const other = bridgeView(dealtAnew, 3);
      expect(decideBridgeBot({ view: other, level: 'strong', seed: 'fixed', budget: EXACT }).action).toEqual({
        type: 'play',
        card: 'QH',
      });
    }
  });

  it('answers forced cards (one card, or only touching ones) at once, without a search', () => {
    let forced = 0;
    let touching = 0;
    for (const s of statesOfAHand('exact-forced')) {
      if (s.phase !== 'play') continue;
      const v = bridgeView(s, s.toAct[0]!);
      if (v.prompt?.kind !== 'play') continue;
      const rule = decidePlay(v, v.prompt);
      if (rule.type !== 'play' || distinctCandidates(v, v.prompt, rule.card).length > 1) continue;
      const nodes = solveStats.nodes;
      const decision = decideBridgeBot({ view: v, level: 'strong', seed: 'x' });
      expect(decision).toEqual({ action: rule, deals: 0 });
      expect(solveStats.nodes).toBe(nodes);
      forced++;
      if (v.prompt.cards.length > 1) touching++;
    }
    expect(forced).toBeGreaterThan(3);
    expect(touching).toBeGreaterThan(0);
  });
});
