import { describe, expect, it } from 'vitest';
import { cards } from '../cards.ts';
import type { ThreeHandedConfig } from '../config.ts';
import { config, playedHand, times } from '../test-support.ts';
import { isHopelessHand, threeHanded } from './three-handed.ts';

const cutthroat = config('cutthroat') as ThreeHandedConfig;
const west = config('auction-west') as ThreeHandedConfig;

/**
 * [003] "Anna hat 350 geboten und 290 gemeldet. Sie gewinnt 8 Zählkarten (80) und den letzten
 * Stich (10): 290 + 90 = 380 ... Ben hat 60 gemeldet und 16 Zählkarten (160) gewonnen: 220.
 * Carla hat 40 gemeldet, aber keine Zählkarte gewonnen: ihre Meldung verfällt, sie bekommt 0."
 * Anna = seat 0, Ben = 1, Carla = 2; Carla takes two tricks without a counter.
 */
function annaBenCarla(annaCounters: number) {
  const annaWon = `${times(annaCounters, 'AS')} ${times(15 - annaCounters, '9S')}`;
  return playedHand({
    seats: 3,
    bidder: 0,
    bid: 350,
    melds: [290, 60, 40],
    won: [annaWon, `${times(16, 'KH')} ${times(8, 'QD')}`, times(6, 'JC')],
    trickWinners: [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 0, 0, 0, 0, 0],
    discards: '9D 9D QH',
  });
}

describe('Cutthroat scoring [003]', () => {
  it('the worked example: Anna 380, Ben 220, Carla 0', () => {
    const result = threeHanded.scoreHand(cutthroat, annaBenCarla(8), { outcome: 'played' });
    expect(result.trickPoints).toEqual([90, 160, 0]);
    expect(result.meldCounted).toEqual([290, 60, 0]);
    expect(result.delta).toEqual([380, 220, 0]);
    expect(result.made).toBe(true);
  });

  it('"Hätte Anna nur 50 Stichpunkte geholt (340 < 350), hätte sie 700 verloren"', () => {
    // 4 counters + last trick = 50.
    const result = threeHanded.scoreHand(cutthroat, annaBenCarla(4), { outcome: 'played' });
    expect(result.trickPoints[0]).toBe(50);
    expect(result.delta[0]).toBe(-700);
    expect(result.made).toBe(false);
  });

  it('"Aufgeben vor dem Spiel hätte nur 350 gekostet"; the others score their meld', () => {
    const result = threeHanded.scoreHand(cutthroat, annaBenCarla(8), { outcome: 'conceded' });
    expect(result.delta).toEqual([-350, 60, 40]);
  });

  it('"Nur einfach abziehen" house rule: set bidder loses the bid once', () => {
    const once = { ...cutthroat, setPenalty: 'once' } as ThreeHandedConfig;
    expect(threeHanded.scoreHand(once, annaBenCarla(4), { outcome: 'played' }).delta[0]).toBe(-350);
  });

  it('"Gedrückte Karten ... Zählkarten darunter zählen am Ende für ihn" [003]', () => {
    const hand = { ...annaBenCarla(4), discards: cards('AD TD KD') };
    const result = threeHanded.scoreHand(cutthroat, hand, { outcome: 'played' });
    expect(result.trickPoints[0]).toBe(80);
    expect(result.delta[0]).toBe(370);
  });

  it('the bidder needs no trick (reading 4): meld plus buried counters may make the bid', () => {
    const hand = playedHand({
      seats: 3,
      bidder: 0,
      bid: 250,
      melds: [250, 0, 0],
      won: ['', times(15, 'AS'), times(30, 'KH')],
      trickWinners: [...Array(5).fill(1), ...Array(10).fill(2)],
      discards: 'AD TD KD',
    });
    const result = threeHanded.scoreHand(cutthroat, hand, { outcome: 'played' });
    expect(result.delta[0]).toBe(280);
  });

  it('an opponent with no counter keeps a last-trick 10 but loses the meld (reading 4)', () => {
    const hand = playedHand({
      seats: 3,
      bidder: 0,
      bid: 250,
      melds: [300, 0, 80],
      won: [times(30, 'AS'), '', times(15, 'QD')],
      trickWinners: [...Array(10).fill(0), ...Array(5).fill(2)],
    });
    const result = threeHanded.scoreHand(cutthroat, hand, { outcome: 'played' });
    expect(result.trickPoints[2]).toBe(10);
    expect(result.delta[2]).toBe(10);
  });
});

describe('Auction West scoring [000]', () => {
  it('"Meldungen eines Spielers zählen nur wenn der Spieler wenigstens einen Stich gemacht hat"', () => {
    const hand = playedHand({
      seats: 3,
      bidder: 0,
      bid: 300,
      melds: [200, 100, 60],
      won: [`${times(24, 'AS')} ${times(6, '9S')}`, times(15, '9H'), ''],
      trickWinners: [...Array(10).fill(0), ...Array(5).fill(1)],
    });
    const result = threeHanded.scoreHand(west, hand, { outcome: 'played' });
    // Seat 1 took tricks without counters: meld counts under [000] (a trick suffices).
    expect(result.meldCounted).toEqual([200, 100, 0]);
    expect(result.delta).toEqual([200 + 240, 100 + 10, 0]);
  });

  it('"Der Alleinspieler muss ebenfalls wenigstens einen Stich haben um Meldungen und Tapp zählen zu können"', () => {
    const hand = playedHand({
      seats: 3,
      bidder: 0,
      bid: 250,
      melds: [400, 0, 0],
      won: ['', times(15, 'AS'), times(30, 'KH')],
      trickWinners: [...Array(5).fill(1), ...Array(10).fill(2)],
      discards: 'AD TD KD',
    });
    const result = threeHanded.scoreHand(west, hand, { outcome: 'played' });
    expect(result.meldCounted[0]).toBe(0);
    expect(result.trickPoints[0]).toBe(0);
    // "Hat der Alleinspieler sein Gebot verfehlt wird ihm das Gebot abgezogen" — once in [000].
    expect(result.delta[0]).toBe(-250);
  });

  it('"Er schreibt sich alle gemachten Punkte gut wenn er wenigstens soviel gewonnen hat wie geboten"', () => {
    const hand = playedHand({
      seats: 3,
      bidder: 2,
      bid: 300,
      melds: [0, 0, 150],
      won: ['', times(15, 'QS'), `${times(15, 'AS')} ${times(15, '9S')}`],
      trickWinners: [...Array(5).fill(1), ...Array(10).fill(2)],
      discards: 'AD 9D 9D',
    });
    const result = threeHanded.scoreHand(west, hand, { outcome: 'played' });
    expect(result.delta[2]).toBe(150 + 150 + 10 + 10);
  });
});

describe('hopeless hand redeal house rule [000] "Zusammenwerfen"', () => {
  it('"fünf 9er und keine Meldung ausser Dix"', () => {
    expect(isHopelessHand(cards('9S 9S 9H 9D 9C AS TS JH TH AD TD JC TC JS AH'))).toBe(true);
    // A marriage spoils it.
    expect(isHopelessHand(cards('9S 9S 9H 9D 9C KS QS JH TH AD TD JC TC JS AH'))).toBe(false);
    expect(isHopelessHand(cards('9S 9H 9D 9C AS TS JH TH AD TD JC TC JS AH KH'))).toBe(false);
  });

  it('"oder sechs 9er mit maximal einem Ass"', () => {
    expect(isHopelessHand(cards('9S 9S 9H 9H 9D 9C AS KS QS JH TH TD JC TC JS'))).toBe(true);
    // Two aces and a marriage: neither clause holds.
    expect(isHopelessHand(cards('9S 9S 9H 9H 9D 9C AS AH QS KS TH TD JC TC JS'))).toBe(false);
  });
});
