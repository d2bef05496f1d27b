import { describe, expect, it } from 'vitest';
import type { ThreeHandedConfig } from '../config.ts';
import type { GameState, HandResult } from '../state.ts';
import { config } from '../test-support.ts';
import { threeHanded } from './three-handed.ts';

const cfg = (options: Record<string, unknown> = {}) => config('auction-west', options) as ThreeHandedConfig;
const state = (scores: number[], extra: Partial<GameState> = {}): GameState =>
  ({ scores, history: [], target: 1500, allNegative: false, stakes: null, ...extra }) as GameState;
const hand = (bidder: number, made: boolean, outcome: HandResult['outcome'] = 'played'): HandResult =>
  ({ bidder, made, outcome }) as HandResult;

describe('three-handed game end [000] "Partie"', () => {
  it('"Man spielt auf eine vereinbarte Zielpunktzahl, typischerweise 1500 Punkte"; reaching means at least (reading 8)', () => {
    expect(threeHanded.checkGameEnd(cfg(), state([1490, 0, 0]), hand(0, true)).result).toBeNull();
    expect(threeHanded.checkGameEnd(cfg(), state([1500, 0, 0]), hand(1, true)).result?.winners).toEqual([0]);
  });

  it('"Erreichen oder überschreiten mehrere Spieler die Zielmarke gleichzeitig dann gewinnt der Alleinspieler"', () => {
    expect(threeHanded.checkGameEnd(cfg(), state([1600, 1510, 0]), hand(1, true)).result?.winners).toEqual([
      1,
    ]);
  });

  it('"Wenn die beiden Gegenspieler, aber nicht der Alleinspieler das Ziel erreichen dann gewinnt wer die höhere Punktzahl hat"', () => {
    expect(threeHanded.checkGameEnd(cfg(), state([1600, 1510, 0]), hand(2, false)).result?.winners).toEqual([
      0,
    ]);
  });

  it('"Wenn da Gleichstand herrscht muss ein Entscheidungsspiel gespielt werden"', () => {
    const check = threeHanded.checkGameEnd(cfg(), state([1600, 1600, 0]), hand(2, false));
    expect(check.result).toBeNull();
  });

  it('raise-target: "Es wird in diesem Fall die Zielzahl hochgesetzt, z.B. von 1500 auf 1750"', () => {
    const rule = cfg({ tieAtTarget: 'raise-target' });
    const one = threeHanded.checkGameEnd(rule, state([1800, 1600, 0]), hand(1, true));
    expect(one.result?.winners).toEqual([0]);
    expect(one.target).toBe(1750);
    const none = threeHanded.checkGameEnd(rule, state([1700, 1600, 0]), hand(1, true));
    expect(none.result).toBeNull();
    expect(none.target).toBe(1750);
    const twice = threeHanded.checkGameEnd(rule, state([2100, 1800, 0], { target: 1500 }), hand(1, true));
    expect(twice.target).toBe(2000);
    expect(twice.result?.winners).toEqual([0]);
  });

  it('"Man kann vereinbaren, dass die Partie endet wenn ein Spieler einen bestimmten negativen Punktestand erreicht"', () => {
    const rule = cfg({ negativeFloor: -1000 });
    expect(threeHanded.checkGameEnd(rule, state([-1000, 200, 300]), hand(0, false)).result?.winners).toEqual([
      2,
    ]);
    expect(threeHanded.checkGameEnd(rule, state([-990, 200, 300]), hand(0, false)).result).toBeNull();
  });

  it('"Wenn zu einem Zeitpunkt alle Spieler einen negativen Spielstand haben gewinnt wer zuerst wieder im Plus ist"', () => {
    const rule = cfg({ negativeFloor: -1000 });
    const allBelow = threeHanded.checkGameEnd(rule, state([-10, -20, -30]), hand(0, false));
    expect(allBelow).toMatchObject({ result: null, allNegative: true });
    const back = threeHanded.checkGameEnd(rule, state([40, -20, -30], { allNegative: true }), hand(0, true));
    expect(back.result).toMatchObject({ winners: [0], reason: 'back-to-plus' });
  });

  it('fixed rounds: "eine bestimmte Zahl von Spielrunden ohne Zielmarke ... Es gewinnt, wer am Ende die meisten Punkte hat"', () => {
    const rule = cfg({ target: { kind: 'rounds', rounds: 2 } });
    const hands = (n: number) => Array.from({ length: n }, () => hand(0, true));
    expect(
      threeHanded.checkGameEnd(rule, state([500, 0, 0], { history: hands(5) }), hand(0, true)).result,
    ).toBeNull();
    const end = threeHanded.checkGameEnd(rule, state([500, 600, 0], { history: hands(6) }), hand(0, true));
    expect(end.result).toMatchObject({ winners: [1], reason: 'rounds' });
  });
});

describe('stakes [000] "Zahlung"', () => {
  const ledger = cfg({ stakes: { mode: 'ledger', unit: 1, gameUnits: 2 } });
  const start = (c: ThreeHandedConfig) => state([0, 0, 0], { stakes: threeHanded.initialStakes(c) });

  it('"ein Alleinspieler der verliert [muss] jedes mal 1 $ zahlen, wenn er aufgibt oder 2 $ wenn er ... sein Gebot nicht erreicht"', () => {
    expect(threeHanded.settleStakes(ledger, start(ledger), hand(0, false, 'conceded'), null)).toEqual({
      chips: [-2, 1, 1],
      pool: 0,
    });
    expect(threeHanded.settleStakes(ledger, start(ledger), hand(0, false), null)).toEqual({
      chips: [-4, 2, 2],
      pool: 0,
    });
  });

  it('"Der Gewinner einer Partie erhält zum Bsp. 2 $ von den beiden anderen"', () => {
    const won = { winners: [1], reason: 'target' as const, finalScores: [] };
    expect(threeHanded.settleStakes(ledger, start(ledger), hand(1, true), won)).toEqual({
      chips: [-2, 4, -2],
      pool: 0,
    });
  });

  it('pool: "Jeder setzt einen Einsatz und ein Alleinspieler der verliert den einfachen oder doppelten Einsatz"', () => {
    const pool = cfg({ stakes: { mode: 'pool', ante: 5 } });
    const begun = start(pool);
    expect(begun.stakes).toEqual({ chips: [-5, -5, -5], pool: 15 });
    const lost = threeHanded.settleStakes(pool, begun, hand(2, false), null);
    expect(lost).toEqual({ chips: [-5, -5, -15], pool: 25 });
    const won = { winners: [0], reason: 'target' as const, finalScores: [] };
    expect(threeHanded.settleStakes(pool, { ...begun, stakes: lost }, hand(0, true), won)).toEqual({
      chips: [20, -5, -15],
      pool: 0,
    });
  });
});
