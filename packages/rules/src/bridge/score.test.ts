import { describe, expect, it } from 'vitest';
import { bridgeCards } from './cards.ts';
import { emptyScore, handEntries, rubberResult, sideHonours, trickValue, writeHand } from './score.ts';
import type { BridgeContract, BridgeStrain } from './state.ts';
import { bridgeConfig } from './test-support.ts';

const standard = bridgeConfig();
const contract = (level: number, strain: BridgeStrain, doubled: 0 | 1 | 2 = 0): BridgeContract => ({
  level,
  strain,
  doubled,
  declarer: 0,
  declarerHand: 0,
  dummyHand: 2,
});
const none = [0, 0] as const;
const pair = (a: string, b: string) => [bridgeCards(a), bridgeCards(b)] as const;
const teams = { declaring: [0], defending: [1] };

describe('Trick values [002] "Punktewertung"', () => {
  it('"Stichwerte (unterhalb des Striches), je erfülltem Mehrstich: Kreuz 6, Karo 7, Herz 8, Pik 9, Sans-Atout 10 Punkte"', () => {
    expect((['C', 'D', 'H', 'S', 'NT'] as const).map((strain) => trickValue(standard, strain))).toEqual([
      6, 7, 8, 9, 10,
    ]);
  });

  it('"Eine Seite, die \'1 Pik\' angesagt hat (8 Stiche insgesamt) und 11 Stiche nimmt, erhält ... also 45 Punkte"', () => {
    // The sheet's own example: 5 odd tricks at 9.
    expect(handEntries(standard, contract(1, 'S'), 11, none)).toEqual([
      { side: 'declaring', line: 'below', points: 45, kind: 'tricks' },
    ]);
  });

  it('"Das Buch: die ersten 6 Stiche ... werden nicht gewertet"', () => {
    expect(handEntries(standard, contract(1, 'C'), 7, none)).toEqual([
      { side: 'declaring', line: 'below', points: 6, kind: 'tricks' },
    ]);
  });

  it('"Royal Auction-Bridge ... den Stichwert für Sans-Atout ... anhob" (reading 5: 12 unless the host sets another)', () => {
    expect(trickValue(bridgeConfig({ royalAuction: true }), 'NT')).toBe(12);
    expect(trickValue(bridgeConfig({ royalAuction: true, royalNoTrumpValue: 15 }), 'NT')).toBe(15);
    expect(trickValue(bridgeConfig({ royalAuction: true }), 'S')).toBe(9);
    expect(trickValue(bridgeConfig({ royalNoTrumpValue: 15 }), 'NT')).toBe(10);
  });
});

describe('Doubles and penalties [002]', () => {
  it('"Verdoppelte und redoppelte Kontrakte werten den normalen Stichwert unterhalb des Striches doppelt beziehungsweise vierfach ... Bonus von 50 Punkten (bei Redopplung 100 Punkten)"', () => {
    expect(handEntries(standard, contract(2, 'H', 1), 9, none)).toEqual([
      { side: 'declaring', line: 'below', points: 48, kind: 'tricks' },
      { side: 'declaring', line: 'above', points: 50, kind: 'double-bonus' },
    ]);
    expect(handEntries(standard, contract(2, 'H', 2), 9, none)).toEqual([
      { side: 'declaring', line: 'below', points: 96, kind: 'tricks' },
      { side: 'declaring', line: 'above', points: 100, kind: 'redouble-bonus' },
    ]);
  });

  it('"erhält die Gegenseite oberhalb des Striches 50 Punkte je fehlendem Stich (verdoppelt: 100 je Stich; redoppelt: 200 je Stich)"', () => {
    const down2 = (doubled: 0 | 1 | 2) => handEntries(standard, contract(3, 'NT', doubled), 7, none);
    expect(down2(0)).toEqual([{ side: 'defending', line: 'above', points: 100, kind: 'undertricks' }]);
    expect(down2(1)).toEqual([{ side: 'defending', line: 'above', points: 200, kind: 'undertricks' }]);
    expect(down2(2)).toEqual([{ side: 'defending', line: 'above', points: 400, kind: 'undertricks' }]);
  });
});

describe('[002] "Verdoppeln und Redoppeln"', () => {
  it('"kann ein erfolgreicher verdoppelter Kontrakt schon bei bescheidener Bietstufe in einem einzigen Blatt ein ganzes Spiel bringen"', () => {
    // 2 hearts doubled, made exactly: 2 odd tricks x 8 x 2 = 32 below the line, a game.
    const lines = handEntries(standard, contract(2, 'H', 1), 8, none);
    const written = writeHand(emptyScore(2), 0, lines, teams);
    expect(written.score.below).toEqual([32, 0]);
    expect(written.gameWonBy).toBe(0);
  });

  it('"während ein gescheiterter verdoppelter Kontrakt der Gegenseite in einem einzigen Blatt 200 Punkte oder mehr einbringen kann"', () => {
    const lines = handEntries(standard, contract(4, 'S', 1), 8, none);
    expect(writeHand(emptyScore(2), 0, lines, teams).score.above).toEqual([0, 200]);
  });
});

describe('Honours [002] "Ehren (oberhalb des Striches)"', () => {
  it('"Hält ein Blatt alle 4 Trumpf-Ehrenkarten (As, König, Dame, Bube der Trumpffarbe), erhält diese Seite 80 Punkte"', () => {
    expect(sideHonours(standard, 'H', pair('AH KH QH JH 2C', '3C'))).toBe(80);
  });

  it('"hält ein Blatt alle 5 Trumpf-Ehrenkarten ... 100 Punkte"', () => {
    expect(sideHonours(standard, 'H', pair('AH KH QH JH TH', '3C'))).toBe(100);
  });

  it('"oder bei einem Sans-Atout-Kontrakt alle 4 Asse, erhält diese Seite 100 Punkte"', () => {
    expect(sideHonours(standard, 'NT', pair('AS AH AD AC', 'KC'))).toBe(100);
  });

  it('"Sind die Ehren aufgeteilt, 3 oder mehr zwischen beiden Partnern verteilt ... zählen 10 Punkte je Ehrenkarte"', () => {
    expect(sideHonours(standard, 'S', pair('AS KS', 'TS'))).toBe(30);
    expect(sideHonours(standard, 'S', pair('AS KS', 'TS JS'))).toBe(40);
    expect(sideHonours(standard, 'S', pair('AS KS QS', 'TS JS'))).toBe(50);
    expect(sideHonours(standard, 'S', pair('AS', 'TS'))).toBe(0);
    expect(sideHonours(standard, 'NT', pair('AS AH', 'AD'))).toBe(30);
    expect(sideHonours(standard, 'NT', pair('AS AH', 'AD AC'))).toBe(40);
    expect(sideHonours(standard, 'NT', pair('AS', 'AD'))).toBe(0);
  });

  it('"oder genau eine Ehrenkarte zusätzlich zu den vier der Partnerin oder des Partners" (reading 8: 80 + 10 = 90)', () => {
    expect(sideHonours(standard, 'D', pair('2C', 'AD KD QD JD'))).toBe(80);
    expect(sideHonours(standard, 'D', pair('TD', 'AD KD QD JD'))).toBe(90);
  });

  it('the four in one hand are the named A K Q J unless the house rule takes any four (reading 8)', () => {
    expect(sideHonours(standard, 'D', pair('AD KD QD TD', '2C'))).toBe(40);
    expect(sideHonours(standard, 'D', pair('AD KD QD TD', 'JD'))).toBe(50);
    const anyFour = bridgeConfig({ fourHonours: 'any-four' });
    expect(sideHonours(anyFour, 'D', pair('AD KD QD TD', '2C'))).toBe(80);
    expect(sideHonours(anyFour, 'D', pair('AD KD QD TD', 'JD'))).toBe(90);
  });

  it('honours score for the side that holds them, made or not ("da Ehren unabhängig vom weiteren Spielverlauf Punkte bringen")', () => {
    expect(handEntries(standard, contract(4, 'S'), 6, [0, 80])).toEqual([
      { side: 'defending', line: 'above', points: 200, kind: 'undertricks' },
      { side: 'defending', line: 'above', points: 80, kind: 'honours' },
    ]);
  });

  it('nullo has no honours (reading 6)', () => {
    expect(sideHonours(bridgeConfig({ nullo: true }), 'NULLO', pair('AS AH AD AC', 'KC'))).toBe(0);
  });
});

describe('Slams [002] "Schlemm-Boni (oberhalb des Striches)"', () => {
  it('"Werden 12 der 13 Stiche eines Blattes gewonnen (ein kleiner Schlemm), gibt es 50 Punkte ... unabhängig von der gereizten Stufe"', () => {
    expect(handEntries(standard, contract(1, 'C'), 12, none)).toContainEqual({
      side: 'declaring',
      line: 'above',
      points: 50,
      kind: 'little-slam',
    });
  });

  it('"werden alle 13 Stiche gewonnen (ein großer Schlemm), gibt es 100 Punkte"', () => {
    expect(handEntries(standard, contract(1, 'C'), 13, none)).toEqual([
      { side: 'declaring', line: 'below', points: 42, kind: 'tricks' },
      { side: 'declaring', line: 'above', points: 100, kind: 'grand-slam' },
    ]);
  });

  it('a defending side that takes 12 tricks has a slam too (reading 9)', () => {
    expect(handEntries(standard, contract(1, 'C'), 1, none)).toContainEqual({
      side: 'defending',
      line: 'above',
      points: 50,
      kind: 'little-slam',
    });
  });
});

describe('Nullo [002] "Nullo- (Misère-)Ansagen" (reading 6)', () => {
  const nullo = bridgeConfig({ nullo: true });
  it('1 nullo undertakes that the opponents take 7 tricks; each of their odd tricks counts 10 for the declaring side', () => {
    expect(handEntries(nullo, contract(1, 'NULLO'), 4, none)).toEqual([
      { side: 'declaring', line: 'below', points: 30, kind: 'tricks' },
    ]);
  });
  it('too many tricks taken are undertricks', () => {
    expect(handEntries(nullo, contract(2, 'NULLO', 1), 7, none)).toEqual([
      { side: 'defending', line: 'above', points: 200, kind: 'undertricks' },
    ]);
  });
  it('no slam bonus in nullo', () => {
    expect(handEntries(nullo, contract(1, 'NULLO'), 0, none)).toEqual([
      { side: 'declaring', line: 'below', points: 70, kind: 'tricks' },
    ]);
  });
});

describe('Game and rubber [002]', () => {
  const tricks = (points: number) => [{ side: 'declaring', line: 'below', points, kind: 'tricks' }] as const;

  it('"Ein Spiel ist erreicht, sobald der Punktestand einer Partnerschaft unterhalb des Striches 30 Punkte erreicht, gegebenenfalls über mehrere Blätter hinweg aufgebaut"', () => {
    const first = writeHand(emptyScore(2), 0, tricks(18), teams);
    expect(first.gameWonBy).toBeNull();
    expect(first.score.currentGame).toEqual([18, 0]);
    const second = writeHand(first.score, 1, tricks(12), teams);
    expect(second.gameWonBy).toBe(0);
    expect(second.score.games).toEqual([1, 0]);
  });

  it('"beide Partnerschaften beginnen unterhalb des Striches wieder bei null für das nächste Spiel"', () => {
    const other = { declaring: [1], defending: [0] };
    const partial = writeHand(emptyScore(2), 0, tricks(20), other).score;
    const game = writeHand(partial, 1, tricks(30), teams).score;
    expect(game.currentGame).toEqual([0, 0]);
    expect(game.below).toEqual([30, 20]);
    expect(game.gameNumber).toBe(1);
  });

  it('"Die erste Partnerschaft, die 2 Spiele gewinnt, gewinnt den Rubber und erhält oberhalb des Striches 250 Punkte"', () => {
    const one = writeHand(emptyScore(2), 0, tricks(30), teams).score;
    const two = writeHand(one, 1, tricks(40), teams);
    expect(two.rubberWonBy).toBe(0);
    expect(two.score.above).toEqual([250, 0]);
    expect(two.entries).toContainEqual({
      deal: 1,
      account: 0,
      line: 'above',
      points: 250,
      kind: 'rubber',
      game: 1,
    });
  });

  it('"die Partnerschaft mit dem höheren Gesamtstand gewinnt den Rubber um die Differenz der beiden Stände"', () => {
    const score = { ...emptyScore(2), above: [250, 600], below: [70, 0], games: [2, 0] };
    expect(rubberResult(score, 'rubber')).toEqual({
      winners: [1],
      reason: 'rubber',
      totals: [320, 600],
      margin: 280,
    });
  });

  it('"ein genauer Gleichstand bei einem unvollendeten Rubber wird ... durch ein weiteres Blatt entschieden"', () => {
    const tied = { ...emptyScore(2), above: [50, 30], below: [0, 20] };
    expect(rubberResult(tied, 'hand-limit')).toBeNull();
    expect(rubberResult({ ...tied, above: [60, 30] }, 'hand-limit')).toMatchObject({
      winners: [0],
      margin: 10,
    });
  });
});
