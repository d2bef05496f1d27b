/**
 * A Bridge bot decides from its own seat's view alone: dealing every card it may not see
 * anew (the other hands, the dummy before the opening lead, the blind hand while it is face
 * down, the hands as dealt and the seeds) never changes its choice. The view it is handed
 * is frozen, so a bot that wrote to it would throw; and the view sent as JSON (as the
 * server would) gets the same answer through decideBridgeBot.
 */
import { createRandom } from '@kibitz/rules';
import { type BridgeConfig, bridgeView, createBridgeGame } from '@kibitz/rules/bridge';
import { describe, expect, it } from 'vitest';
import * as botsPackage from '../index.ts';
import { ruleBridgeBot } from './bot.ts';
import { decideBridgeBot } from './index.ts';
import { playBridgeRubber } from './play-rubber.ts';
import { randomBridgeBot } from './random-bot.ts';
import { act, bridgeConfig, scrambled } from './test-support.ts';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function checkRubber(config: BridgeConfig, seed: string): { decisions: number; changed: number } {
  // The rubber is played by rule bots against random ones; every state it passes through is
  // then checked for each seat asked to act.
  const bots = Array.from({ length: config.players }, (_, s) =>
    s % 2 === 0 ? ruleBridgeBot : randomBridgeBot,
  );
  const { log } = playBridgeRubber(config, seed, bots);
  const random = createRandom(`scramble:${seed}`);
  let state = createBridgeGame(config, seed);
  let decisions = 0;
  let changed = 0;
  for (const { action } of log) {
    for (const seat of state.toAct) {
      const choice = ruleBridgeBot.decide(deepFreeze(bridgeView(state, seat)), () => 0);
      const other = scrambled(state, seat, random);
      if (JSON.stringify(other.hand.hands) !== JSON.stringify(state.hand.hands)) changed++;
      expect(ruleBridgeBot.decide(bridgeView(other, seat), () => 0)).toEqual(choice);
      const wire = JSON.parse(JSON.stringify(bridgeView(state, seat)));
      expect(decideBridgeBot({ view: wire, level: 'easy', seed: 'x' }).action).toEqual(choice);
      decisions++;
    }
    state = act(state, [action]);
  }
  return { decisions, changed };
}

describe('a Bridge bot reads only its own view', () => {
  for (const options of [
    { players: 4 },
    { players: 3 },
    { players: 3, paced: true },
    { players: 4, nullo: true },
  ]) {
    it(`${JSON.stringify(options)}: hidden cards dealt anew never change a choice`, () => {
      const { decisions, changed } = checkRubber(
        bridgeConfig({ handLimit: 2, ...options }),
        `view-only-${JSON.stringify(options)}`,
      );
      expect(decisions).toBeGreaterThan(50);
      // The scramble really moved hidden cards (it cannot when nothing is hidden any more).
      expect(changed).toBeGreaterThan(decisions / 2);
    });
  }
});

it("the package root names no game's bots: Bridge's are its registry entry (and @kibitz/bots/bridge)", () => {
  expect(Object.keys(botsPackage)).not.toContain('decideBridgeBot');
  expect(Object.keys(botsPackage)).not.toContain('decideBot');
  expect(typeof botsPackage.botModule('auction-bridge')?.decide).toBe('function');
});
