import { describe, expect, it } from 'vitest';
import { dealSeed } from '../common/random.ts';
import { BRIDGE_DECK, bridgeStrength } from './cards.ts';
import { dealBridge } from './deal.ts';
import { createBridgeGame } from './engine.ts';
import { bridgeConfig } from './test-support.ts';

describe('The deal [002] "Vorbereitung"', () => {
  it('"Ein Standard-Kartenspiel zu 52 Karten, ohne Joker"', () => {
    expect(new Set(BRIDGE_DECK).size).toBe(52);
    expect(bridgeStrength('AS')).toBeGreaterThan(bridgeStrength('KS'));
    expect(bridgeStrength('TS')).toBeGreaterThan(bridgeStrength('9S'));
    expect(bridgeStrength('3S')).toBeGreaterThan(bridgeStrength('2S'));
  });

  it('"Jeder Person 13 Karten austeilen"', () => {
    const hands = dealBridge(dealSeed('seed', 0), 0);
    expect(hands.map((hand) => hand.length)).toEqual([13, 13, 13, 13]);
    expect(new Set(hands.flat()).size).toBe(52);
  });

  it('"eine nach der anderen, im Uhrzeigersinn, beginnend mit der Person links von der austeilenden Person"', () => {
    const seed = dealSeed('seed', 3);
    const fromZero = dealBridge(seed, 0);
    for (let dealer = 1; dealer < 4; dealer++) {
      const hands = dealBridge(seed, dealer);
      // The same shuffled and cut pack: the first card goes to the dealer's left, and so on round.
      for (let i = 0; i < 4; i++) expect(hands[(dealer + 1 + i) % 4]).toEqual(fromZero[(1 + i) % 4]);
    }
  });

  it('each deal comes from its own seed, the same seed gives the same deal', () => {
    const game = createBridgeGame(bridgeConfig(), 'abc');
    expect(game.hand.seed).toBe(dealSeed('abc', 0));
    expect(createBridgeGame(bridgeConfig(), 'abc')).toEqual(game);
    expect(createBridgeGame(bridgeConfig(), 'abd').hand.dealt).not.toEqual(game.hand.dealt);
  });

  it('with three players the blind hand is dealt too: four hands of 13', () => {
    const game = createBridgeGame(bridgeConfig({ players: 3 }), 'abc');
    expect(game.hand.hands.map((hand) => hand.length)).toEqual([13, 13, 13, 13]);
    expect(game.hand.dealer).toBeLessThan(3);
  });
});
