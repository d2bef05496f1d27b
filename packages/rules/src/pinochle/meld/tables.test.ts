import { describe, expect, it } from 'vitest';
import {
  DOUBLE_DECK_BOOKS,
  DOUBLE_DECK_NPA,
  DOUBLE_DECK_SHEET,
  DOUBLE_DECK_TOBY_THOMAS,
  meldValue,
  SINGLE_DECK_BONUS,
  SINGLE_DECK_SIMPLY_DOUBLE,
  timesTen,
  withDoubleRoyalMarriage240,
  withSinglePinochle14,
} from './tables.ts';

describe('meldValue', () => {
  it('reads the value of a multiplicity; nothing held is worth nothing', () => {
    expect(meldValue(SINGLE_DECK_BONUS.run, 0)).toBe(0);
    expect(meldValue(SINGLE_DECK_BONUS.run, 1)).toBe(150);
    expect(meldValue(SINGLE_DECK_BONUS.run, 2)).toBe(1500);
  });

  it('scores a missing value ("---") as the largest defined multiplicity plus the rest', () => {
    // [004] Toby Thomas: "Trumpffolge 15 150 500 ---", "Ass – Quartett 10 100 500 ---"
    // (no value for a quadruple run or quadruple aces)
    expect(meldValue(DOUBLE_DECK_TOBY_THOMAS.run, 4)).toBe(500 + 15);
    expect(meldValue(DOUBLE_DECK_TOBY_THOMAS.acesAround, 4)).toBe(500 + 10);
    expect(meldValue([5, null, null], 3)).toBe(15);
    expect(meldValue([null, 30], 1)).toBe(0);
    // Past the end of a table, e.g. a single-deck table asked for a triple.
    expect(meldValue(SINGLE_DECK_BONUS.pinochle, 3)).toBe(300 + 40);
  });
});

describe('tables', () => {
  it('copies the [000] table', () => {
    // "Seil ... 150 | 1500", "Trumpf-Paar 40 | 80", "Gemeines Paar 20 | 40", "Hundert Asse 100 | 1000",
    // "Achtzig Könige 80 | 800", "Sechzig Damen 60 | 600", "Vierzig Buben 40 | 400", "Pinochle 40 | 300", "Dix 10 | 20"
    // (run, royal and common marriage, aces/kings/queens/jacks around, pinochle, dix: single | double)
    expect(SINGLE_DECK_BONUS).toEqual({
      run: [150, 1500],
      royalMarriage: [40, 80],
      commonMarriage: [20, 40],
      pinochle: [40, 300],
      acesAround: [100, 1000],
      kingsAround: [80, 800],
      queensAround: [60, 600],
      jacksAround: [40, 400],
      dix: [10, 20],
    });
  });

  it('doubles singles simply', () => {
    // [000] "... sondern zählen bloss doppelt soviel wie eine" (doubles count just twice a single)
    expect(SINGLE_DECK_SIMPLY_DOUBLE.run).toEqual([150, 300]);
    expect(SINGLE_DECK_SIMPLY_DOUBLE.pinochle).toEqual([40, 80]);
    expect(SINGLE_DECK_SIMPLY_DOUBLE.acesAround).toEqual([100, 200]);
    expect(SINGLE_DECK_SIMPLY_DOUBLE.dix).toEqual([10, 20]);
  });

  it("gives Ohlson's double royal marriage 240", () => {
    // [000] "dass das doppelte Trumpfpaar 240 Punkte zählt" (the double royal marriage counts 240)
    const ohlson = withDoubleRoyalMarriage240(SINGLE_DECK_BONUS);
    expect(ohlson.royalMarriage).toEqual([40, 240]);
    expect(ohlson.run).toEqual(SINGLE_DECK_BONUS.run);
    expect(SINGLE_DECK_BONUS.royalMarriage).toEqual([40, 80]);
  });

  it('copies the [004] tables', () => {
    // "Folge ... 15 | 150 | 225 | 300", "Pinochles ... 4 | 30 | 60 | 90", "Ass-Quartett 10 | 100 | 150 | 200"
    // (run, pinochle, aces around: single | double | triple | quadruple)
    expect(DOUBLE_DECK_SHEET.run).toEqual([15, 150, 225, 300]);
    expect(DOUBLE_DECK_SHEET.pinochle).toEqual([4, 30, 60, 90]);
    expect(DOUBLE_DECK_SHEET.jacksAround).toEqual([4, 40, 60, 80]);
    expect(DOUBLE_DECK_SHEET.dix).toEqual([0, 0, 0, 0]);
    // "Dreifachpinochle von 45, aber ... 300 bei Vierfachpinochle"; "doppelte Folge 30, dreifache 45, vierfache 60"
    // (books: triple pinochle 45, quadruple 300; runs without bonus)
    expect(DOUBLE_DECK_BOOKS.pinochle).toEqual([4, 30, 45, 300]);
    expect(DOUBLE_DECK_BOOKS.run).toEqual([15, 30, 45, 60]);
    expect(DOUBLE_DECK_BOOKS.acesAround).toEqual(DOUBLE_DECK_SHEET.acesAround);
    // "Trumpfhochzeit 4 30 60 240", "Pinochle 4 30 90 360", "Buben – Quartett 4 40 200 ---"
    // (Toby Thomas: royal marriage, pinochle, jacks around)
    expect(DOUBLE_DECK_TOBY_THOMAS.royalMarriage).toEqual([4, 30, 60, 240]);
    expect(DOUBLE_DECK_TOBY_THOMAS.pinochle).toEqual([4, 30, 90, 360]);
    expect(DOUBLE_DECK_TOBY_THOMAS.jacksAround).toEqual([4, 40, 200, null]);
    // NPA: "25 statt 15 für eine Folge und 15 statt 4 für einen einfachen Pinochle" (run 25, single pinochle 15)
    expect(DOUBLE_DECK_NPA.run).toEqual([25, 150, 225, 300]);
    expect(DOUBLE_DECK_NPA.pinochle).toEqual([15, 30, 60, 90]);
  });

  it('derives pinochle 14 and "100 aces"', () => {
    // "bewerten einen einfachen Pinochle mit 14 ... doppelten, dreifachen und vierfachen ... weiter mit 30, 60 und 90"
    // (single pinochle 14, the rest unchanged)
    expect(withSinglePinochle14(DOUBLE_DECK_SHEET).pinochle).toEqual([14, 30, 60, 90]);
    // "Einige Spieler multiplizieren alle Werte ... mit 10 (so dass das Quartett von 4 Assen 100 Punkte wert ist)"
    // (every value times ten: "100 aces")
    expect(timesTen(DOUBLE_DECK_SHEET).acesAround).toEqual([100, 1000, 1500, 2000]);
    expect(timesTen(DOUBLE_DECK_TOBY_THOMAS).run).toEqual([150, 1500, 5000, null]);
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(SINGLE_DECK_BONUS)).toBe(true);
    expect(Object.isFrozen(SINGLE_DECK_BONUS.run)).toBe(true);
    expect(Object.isFrozen(timesTen(DOUBLE_DECK_SHEET).run)).toBe(true);
  });
});
