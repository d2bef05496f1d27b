import { describe, expect, it } from 'vitest';
import { type Card, cards, type Suit } from '../cards.ts';
import { evaluateMeld } from './evaluate.ts';
import {
  DOUBLE_DECK_SHEET,
  DOUBLE_DECK_TOBY_THOMAS,
  type MeldTable,
  SINGLE_DECK_BONUS,
  SINGLE_DECK_SIMPLY_DOUBLE,
  withDoubleRoyalMarriage240,
} from './tables.ts';
import type { MeldResult, MeldRules, RoundhouseRule, RunMarriageRule } from './types.ts';

const SUM: RoundhouseRule = { single: null, double: null, sharesRunMarriage: false };

function rules(table: MeldTable, runMarriages: RunMarriageRule = 'separate', roundhouse = SUM): MeldRules {
  return { table, runMarriages, roundhouse };
}

function meld(hand: string, trump: Suit, meldRules: MeldRules): MeldResult {
  return evaluateMeld(cards(hand), trump, meldRules);
}

/** Compact breakdown: "kind suit xMultiplicity = points". */
function breakdown(result: MeldResult): string[] {
  return result.items.map(
    (item) => `${item.kind}${item.suit ? ` ${item.suit}` : ''} x${item.multiplicity} = ${item.points}`,
  );
}

function sorted(list: readonly Card[]): Card[] {
  return [...list].sort();
}

describe('Cutthroat [003]', () => {
  const cutthroat = rules(SINGLE_DECK_BONUS, 'extra-card-marries-run');

  it("scores Anna's example: 290", () => {
    // "Kreuz ist Trumpf. Anna, die Bieterin, meldet A♣ 10♣ K♣ D♣ B♣ (Sequenz, 150), D♠ B♦ (Pinochle, 40)
    // und A♠ A♥ A♦ A♣ (vier Asse, 100) ... Zusammen: 290." (clubs trump: run, pinochle, aces = 290)
    const hand = 'AC TC KC QC JC QS JD AS AH AD TS TH 9S 9H 9D';
    expect(cards(hand)).toHaveLength(15);
    const result = meld(hand, 'C', cutthroat);
    expect(result.total).toBe(290);
    expect(breakdown(result)).toEqual(['run C x1 = 150', 'pinochle x1 = 40', 'aces-around x1 = 100']);
    // "das A♣ zählt in der Sequenz und bei den Assen" (the ace of clubs counts in both)
    expect(sorted(result.shownCards)).toEqual(sorted(cards('AC TC KC QC JC QS JD AS AH AD')));
  });

  it('counts an extra trump king beside the run: 190', () => {
    // "König und Dame einer Sequenz zählen nicht zusätzlich als Trumpfehe – ein weiterer Trumpfkönig oder
    // eine weitere Trumpfdame ergibt aber eine: Sequenz plus zweiter König = 190."
    // (a run's K and Q are no extra marriage, but a further trump K or Q makes one: run + second king = 190)
    const result = meld('AC TC KC KC QC JC', 'C', cutthroat);
    expect(result.total).toBe(190);
    expect(breakdown(result)).toEqual(['run C x1 = 150', 'royal-marriage C x1 = 40']);
    expect(meld('AC TC KC QC QC JC', 'C', cutthroat).total).toBe(190);
  });

  it('gives the same hand 150 under the [000] reading (house-rules reading 2)', () => {
    // [000] "Jede Karte kann einmal pro Gruppe gemeldet werden" (each card once per class)
    expect(meld('AC TC KC KC QC JC', 'C', rules(SINGLE_DECK_BONUS)).total).toBe(150);
  });

  it('lets an extra king and an extra queen marry each other, not the run: 190, not 230', () => {
    // house-rules reading 2: "With both an extra king and an extra queen, the two extras form one marriage (190)."
    const result = meld('AC TC KC KC QC QC JC', 'C', cutthroat);
    expect(result.total).toBe(190);
    expect(breakdown(result)).toEqual(['run C x1 = 150', 'royal-marriage C x1 = 40']);
  });

  it('counts two marriages of one suit simply double', () => {
    // "Zwei Ehen derselben Farbe zählen einfach doppelt." (two marriages of one suit count just double)
    expect(breakdown(meld('KH KH QH QH', 'S', cutthroat))).toEqual(['common-marriage H x2 = 40']);
  });

  it('scores the doubles with their bonus', () => {
    // "doppeltes Pinochle (beide D♠ und beide B♦) 300, alle acht Asse 1000"
    expect(meld('QS QS JD JD', 'H', cutthroat).total).toBe(300);
    expect(meld('AS AS AH AH AD AD AC AC', 'H', cutthroat).total).toBe(1000);
  });
});

describe('Auction West [000]', () => {
  const west = rules(SINGLE_DECK_BONUS);

  it('lets one card serve once per class, in up to three classes', () => {
    // "Jede Karte kann einmal pro Gruppe gemeldet werden (d.h. z.B. B und D bis zu dreimal: im Pinochle,
    // in einer Mariage bzw. einem Trumpflauf, und als Damen bzw. Buben rum)."
    // (a card once per class: a jack or queen up to three times)
    const result = meld('KS QS JD QH QD QC JS JH JC', 'S', west);
    expect(breakdown(result)).toEqual([
      'royal-marriage S x1 = 40',
      'pinochle x1 = 40',
      'queens-around x1 = 60',
      'jacks-around x1 = 40',
    ]);
    expect(result.total).toBe(180);
  });

  it('scores a roundhouse as the sum of its parts: 240', () => {
    // "Wer 80 Könige und 60 Damen melden kann zählt zu den 140 Punkten 100 für die enthaltenen Paare dazu,
    // insgesamt also 240 Punkte." (kings and queens around 140 + the marriages 100 = 240)
    const result = meld('KS QS KH QH KD QD KC QC TH 9D', 'S', west);
    expect(result.total).toBe(240);
    expect(breakdown(result)).toEqual([
      'royal-marriage S x1 = 40',
      'common-marriage H x1 = 20',
      'common-marriage D x1 = 20',
      'common-marriage C x1 = 20',
      'kings-around x1 = 80',
      'queens-around x1 = 60',
    ]);
  });

  it('scores a roundhouse with a run 350, not 390', () => {
    // "Hätte der Spieler zusätzlich einen Flush der die Karten des im Rundgang gemeldeten Trumpfpaares enthält
    // dann wären das alles zusammen 350 Punkte ... (und nicht 390, denn dann hätte man das Paar doppelt gezählt)."
    // (with a run holding the roundhouse's trump pair: 350, not 390: the pair would count twice)
    const result = meld('AS TS KS QS JS KH QH KD QD KC QC', 'S', west);
    expect(result.total).toBe(350);
    expect(breakdown(result)).toEqual([
      'run S x1 = 150',
      'common-marriage H x1 = 20',
      'common-marriage D x1 = 20',
      'common-marriage C x1 = 20',
      'kings-around x1 = 80',
      'queens-around x1 = 60',
    ]);
  });

  it('scores the roundhouse as its own meld sharing its pair with a run: 390', () => {
    // "Der Rundgang wird manchmal als eigene Meldung angesehen und das enthaltene Paar kann dann in einem
    // Flush nochmal gemeldet werden (390 Punkte)." (roundhouse as its own meld, its pair again in a run)
    const own = rules(SINGLE_DECK_BONUS, 'separate', { single: 240, double: null, sharesRunMarriage: true });
    const result = meld('AS TS KS QS JS KH QH KD QD KC QC', 'S', own);
    expect(result.total).toBe(390);
    expect(breakdown(result)).toEqual(['run S x1 = 150', 'roundhouse x1 = 240']);
    expect(sorted(result.shownCards)).toEqual(sorted(cards('AS TS KS QS JS KH QH KD QD KC QC')));
    // Without a run nothing changes; on a tie the parts are shown.
    expect(meld('KS QS KH QH KD QD KC QC', 'S', own).total).toBe(240);
    expect(meld('KS QS KH QH KD QD KC QC', 'S', own).items).toHaveLength(6);
  });

  it('scores a double run 1500', () => {
    // Table: "Seil (rope) oder Flush | Trumpf-A-10-K-D-B | 150 | 1500" (trump run: single 150, double 1500)
    const result = meld('AS AS TS TS KS KS QS QS JS JS', 'S', west);
    expect(breakdown(result)).toEqual(['run S x2 = 1500']);
  });

  it('scores each double twice the single when doubles have no bonus', () => {
    // "Manchmal haben doppelte Meldungen keinen besonderen Wert, sondern zählen bloss doppelt soviel wie eine."
    // (sometimes doubles are worth just twice a single)
    const simply = rules(SINGLE_DECK_SIMPLY_DOUBLE);
    expect(meld('AS AS TS TS KS KS QS QS JS JS', 'S', simply).total).toBe(300);
    expect(meld('QS QS JD JD', 'S', simply).total).toBe(80);
  });

  it('follows Ohlson: double royal marriage 240, with a run 390', () => {
    // "dass das doppelte Trumpfpaar 240 Punkte zählt und zusammen mit einem Flush 390"
    // (the double trump marriage counts 240, together with a run 390)
    const ohlson = rules(withDoubleRoyalMarriage240(SINGLE_DECK_BONUS), 'extra-pair-includes-run');
    expect(breakdown(meld('KS KS QS QS', 'S', ohlson))).toEqual(['royal-marriage S x2 = 240']);
    const withRun = meld('AS TS KS KS QS QS JS', 'S', ohlson);
    expect(withRun.total).toBe(390);
    expect(breakdown(withRun)).toEqual(['run S x1 = 150', 'royal-marriage S x2 = 240']);
  });

  it('scores nothing for four or eight tens or nines (the nine of trump is still a dix)', () => {
    // "Vier oder acht Zehner oder Neuner können nicht gemeldet werden." (tens or nines around: no meld)
    expect(meld('TS TH TD TC TS TH TD TC', 'S', west)).toEqual({ total: 0, items: [], shownCards: [] });
    expect(breakdown(meld('9S 9H 9D 9C', 'S', west))).toEqual(['dix S x1 = 10']);
    expect(breakdown(meld('9S 9H 9D 9C 9S 9H 9D 9C', 'S', west))).toEqual(['dix S x2 = 20']);
  });

  it('needs every suit for an around', () => {
    // "In den anderen Quartetten muss jede Farbe einmal vorkommen." (the other arounds need every suit)
    expect(meld('AS AS AH AD', 'S', west).total).toBe(0);
  });
});

describe('Double Deck [004]', () => {
  const sheet = rules(DOUBLE_DECK_SHEET);

  it('scores the 87-point example with its breakdown', () => {
    // "mit Herz als der Trumpffarbe zählt die folgende Hand 87 Punkte: A 10 K K K D D B / D D B / D D /
    // A K K D D B B. Eine Folge von 15, eine Trumpfhochzeit 4, eine doppelte Hochzeit in Pik 4, ein
    // Pinochle 4, und ein doppeltes Damenquartett von 60. Eine Dame von Herz wurde bereits bei der Folge
    // benutzt, und die zweite Dame konnte nur einen übrigen König heiraten."
    // (hearts trump: run 15, royal marriage 4, double spade marriage 4, pinochle 4, double queens 60)
    const hand = 'AH TH KH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS';
    expect(cards(hand)).toHaveLength(20);
    const result = meld(hand, 'H', sheet);
    expect(result.total).toBe(87);
    expect(breakdown(result)).toEqual([
      'run H x1 = 15',
      'royal-marriage H x1 = 4',
      'common-marriage S x2 = 4',
      'pinochle x1 = 4',
      'queens-around x2 = 60',
    ]);
    // "eine Pikdame gleichzeitig in einer Pikhochzeit, einem Pinochle und einem Quartett" (one QS, three classes)
    expect(sorted(result.shownCards)).toEqual(
      sorted(cards('AH TH KH KH QH QH JH QD QD JD QC QC KS KS QS QS')),
    );
  });

  it('counts a run outside trump as its marriage only', () => {
    // "Eine Folge in einer Farbe, die nicht die Trumpffarbe ist, zählt nur den Wert der Hochzeit."
    // (a run outside trump counts only as its marriage)
    expect(breakdown(meld('AS TS KS QS JS', 'H', sheet))).toEqual(['common-marriage S x1 = 2']);
  });

  it('never marries one king to two queens', () => {
    // "es können also ein König und 2 Damen nicht als zwei Hochzeiten gewertet werden"
    // (one king and two queens are not two marriages)
    expect(breakdown(meld('KD QD QD', 'H', sheet))).toEqual(['common-marriage D x1 = 2']);
  });

  it('scores a ten around as nothing', () => {
    // "Die Meldung eines Zehner-Quartetts ist nichts wert." (four tens are worth nothing)
    expect(meld('TS TH TD TC', 'H', sheet).total).toBe(0);
  });

  it("follows Toby Thomas: the run's pair joins an extra trump marriage", () => {
    // "A-10-K-K-D-D-B ist 45 Punkte wert (15 + 30); A-10-K-K-K-D-D-D-B ist 75 Punkte wert (15 + 60);
    // A-A-10-10-K-K-K-D-D-D-B-B ist 210 Punkt wert (150 + 60)"
    // (beside a run, an extra trump marriage counts as the multiple marriage including the run's pair)
    const toby = rules(DOUBLE_DECK_TOBY_THOMAS, 'extra-pair-includes-run');
    expect(breakdown(meld('AH TH KH KH QH QH JH', 'H', toby))).toEqual([
      'run H x1 = 15',
      'royal-marriage H x2 = 30',
    ]);
    expect(meld('AH TH KH KH KH QH QH QH JH', 'H', toby).total).toBe(75);
    const double = meld('AH AH TH TH KH KH KH QH QH QH JH JH', 'H', toby);
    expect(breakdown(double)).toEqual(['run H x2 = 150', 'royal-marriage H x3 = 60']);
  });

  it('tries fewer runs when the table says so', () => {
    // Toby Thomas's double trump marriage (30) beats a run plus a single marriage (15 + 4) when the
    // run's pair may not join it; the evaluator never assumes that more runs are better.
    const tobySeparate = rules(DOUBLE_DECK_TOBY_THOMAS, 'separate');
    expect(breakdown(meld('AH TH KH KH QH QH JH', 'H', tobySeparate))).toEqual(['royal-marriage H x2 = 30']);
  });

  describe('roundhouse', () => {
    // "Normalerweise ist der Wert 24: Trumpfhochzeit +3 Hochzeiten + Königsquartett + Damenquartett. Doch
    // einige Spieler geben dem Roundhouse einen höheren Wert von 34. Einige bewerten ein Roundhouse mit einer
    // Folge mit 39 Punkten (24 + 15, wobei sie erlauben, dass die Trumpfhochzeit für das Roundhouse und für
    // die Folge zählt). Einige bewerten ein doppeltes Roundhouse mit 240 (es sollte normalerweise
    // 160 = 8 + 3*4 + 80 + 60 sein)." (24 normally; some say 34; with a run 39; double 240 instead of 160)
    const roundhouse = 'KH QH KS QS KD QD KC QC';
    const withRun = `${roundhouse} AH TH JH`;
    const doubled = `${roundhouse} ${roundhouse}`;

    it('is worth 24 as its parts, 35 beside a run', () => {
      expect(meld(roundhouse, 'H', sheet).total).toBe(24);
      const result = meld(withRun, 'H', sheet);
      expect(result.total).toBe(35);
      expect(breakdown(result)).toEqual([
        'run H x1 = 15',
        'common-marriage S x1 = 2',
        'common-marriage D x1 = 2',
        'common-marriage C x1 = 2',
        'kings-around x1 = 8',
        'queens-around x1 = 6',
      ]);
    });

    it('is worth 34 when scored as its own meld', () => {
      const own = rules(DOUBLE_DECK_SHEET, 'separate', {
        single: 34,
        double: null,
        sharesRunMarriage: false,
      });
      expect(breakdown(meld(roundhouse, 'H', own))).toEqual(['roundhouse x1 = 34']);
      // Not sharing its trump pair, it cannot join the run: the parts (35) stay better.
      expect(meld(withRun, 'H', own).total).toBe(35);
    });

    it('is worth 39 with a run when its trump marriage also counts in the run', () => {
      const sharing = rules(DOUBLE_DECK_SHEET, 'separate', {
        single: null,
        double: null,
        sharesRunMarriage: true,
      });
      const result = meld(withRun, 'H', sharing);
      expect(result.total).toBe(39);
      expect(breakdown(result)).toEqual(['run H x1 = 15', 'roundhouse x1 = 24']);
    });

    it('is worth 160 doubled, or 240 for some', () => {
      expect(meld(doubled, 'H', sheet).total).toBe(160);
      const rich = rules(DOUBLE_DECK_SHEET, 'separate', {
        single: null,
        double: 240,
        sharesRunMarriage: false,
      });
      expect(breakdown(meld(doubled, 'H', rich))).toEqual(['roundhouse x2 = 240']);
    });
  });
});

describe('evaluateMeld', () => {
  it('lists items in a fixed order: class 1, 2, 3; trump marriage first; suits S H D C', () => {
    const hand = 'KC QC KD QD KH QH KS QS AH TH JH 9H JD AS AD AC';
    const result = meld(hand, 'H', rules(SINGLE_DECK_BONUS));
    expect(result.items.map((item) => `${item.kind} ${item.suit}`)).toEqual([
      'run H',
      'common-marriage S',
      'common-marriage D',
      'common-marriage C',
      'dix H',
      'pinochle null',
      'aces-around null',
      'kings-around null',
      'queens-around null',
    ]);
    expect(result.total).toBe(150 + 3 * 20 + 10 + 40 + 100 + 80 + 60);
  });

  it('does not depend on the order of the hand', () => {
    const hand = cards('AH TH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS');
    const forward = evaluateMeld(hand, 'H', rules(DOUBLE_DECK_SHEET));
    expect(evaluateMeld([...hand].reverse(), 'H', rules(DOUBLE_DECK_SHEET))).toEqual(forward);
  });

  it('rejects what is not a card or a suit', () => {
    expect(() => evaluateMeld(['XS' as Card], 'S', rules(SINGLE_DECK_BONUS))).toThrow(RangeError);
    expect(() => evaluateMeld([], 'X' as Suit, rules(SINGLE_DECK_BONUS))).toThrow(RangeError);
  });
});
