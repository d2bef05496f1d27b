import { defaultConfig, type HandResult, parseConfig } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import {
  formatDelta,
  formatPoints,
  outcomeKey,
  pointScale,
  seatsOfSide,
  sheetRows,
  sideOf,
} from './points.ts';

const cutthroat = defaultConfig('cutthroat');
const divided = (() => {
  const parsed = parseConfig({ variant: 'cutthroat', scoresDividedBy10: true });
  if (!parsed.ok) throw new Error('config');
  return parsed.config;
})();

function hand(delta: number[], extra: Partial<HandResult> = {}): HandResult {
  return {
    deal: 0,
    dealer: 0,
    outcome: 'played',
    bidder: 1,
    bid: 300,
    trump: 'S',
    meld: delta.map(() => 0),
    meldCounted: delta.map(() => 0),
    trickPoints: delta.map(() => 0),
    tricksWon: delta.map(() => 0),
    delta,
    made: true,
    calledBy: null,
    ...extra,
  };
}

describe('points', () => {
  it('honours scoresDividedBy10 for three-handed games only', () => {
    expect(pointScale(cutthroat)).toBe(1);
    expect(pointScale(divided)).toBe(10);
    expect(pointScale(defaultConfig('double-deck'))).toBe(1);
    expect(formatPoints(250, divided)).toBe('25');
    expect(formatPoints(-600, divided)).toBe('−60');
    expect(formatPoints(15, divided)).toBe('1.5');
    expect(formatPoints(250, cutthroat)).toBe('250');
    expect(formatDelta(40, cutthroat)).toBe('+40');
    expect(formatDelta(-40, cutthroat)).toBe('−40');
    expect(formatDelta(0, cutthroat)).toBe('0');
  });
});

describe('sides', () => {
  it('knows the sides: each seat when three-handed, teams 0+2 and 1+3 in double deck', () => {
    expect([0, 1, 2].map((seat) => sideOf(seat, 3))).toEqual([0, 1, 2]);
    expect([0, 1, 2, 3].map((seat) => sideOf(seat, 2))).toEqual([0, 1, 0, 1]);
    expect(seatsOfSide(1, 4, 2)).toEqual([1, 3]);
    expect(seatsOfSide(2, 3, 3)).toEqual([2]);
  });
});

describe('score sheet', () => {
  it('adds up running totals per side', () => {
    const rows = sheetRows([hand([100, -300, 50]), hand([0, 420, 80])], 3);
    expect(rows.map((row) => row.totals)).toEqual([
      [100, -300, 50],
      [100, 120, 130],
    ]);
    expect(rows.map((row) => row.hand)).toEqual([1, 2]);
    expect(sheetRows([], 2)).toEqual([]);
  });

  it('names how a hand ended', () => {
    expect(outcomeKey(hand([0], { made: true }))).toBe('outcome.made');
    expect(outcomeKey(hand([0], { made: false }))).toBe('outcome.set');
    expect(outcomeKey(hand([0], { made: null }))).toBe('outcome.played');
    expect(outcomeKey(hand([0], { outcome: 'passed-out', made: null }))).toBe('outcome.passed-out');
  });
});
