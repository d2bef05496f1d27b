/**
 * The bidder on hands laid out by hand. Each case quotes the sheet's rule it rests on: the
 * denomination ranking "Kreuz < Karo < Herz < Pik < Sans-Atout", the overcall "durch eine
 * höhere Stufe oder, bei gleicher Stufe, durch eine höher eingestufte Farbe", doubling "die
 * letzte Ansage einer gegnerischen Person", and the tip "Nur so hoch bieten, wie es zum
 * Gewinn der Auktion nötig ist".
 */
import { describe, expect, it } from 'vitest';
import { ruleBridgeBot } from './bot.ts';
import { act, bid, bridgeConfig, dealt, fill, pass, viewToAct } from './test-support.ts';

const decide = (state: Parameters<typeof viewToAct>[0]) => ruleBridgeBot.decide(viewToAct(state), () => 0);

describe('the Bridge bidder', () => {
  const four = bridgeConfig();

  it('opens 1 Sans-Atout with a balanced 16 points and every suit held', () => {
    // 16 points, 4-3-3-3: no trump is worth 10 a trick, the most of any denomination.
    const state = dealt(four, 0, fill(['AS KS 4S 3S AH QH 5H KD 8D 7D 9C 6C 2C', '', '', '']));
    expect(decide(state)).toEqual(bid(1, 'NT'));
  });

  it('opens one of its five-card suit with 14 points and a suit shape', () => {
    const state = dealt(four, 0, fill(['AH KH 9H 7H 4H AS 5S QD 8D 3D JC 6C 2C', '', '', '']));
    expect(decide(state)).toEqual(bid(1, 'H'));
  });

  it('passes a hand of 7 points', () => {
    const state = dealt(four, 0, fill(['QH JH 9H 7H 4H KS 5S 8D 7D 3D 9C 6C 2C', '', '', '']));
    expect(decide(state)).toEqual(pass);
  });

  it('overcalls at the lowest level that outranks the bid: 2 Karo over 1 Pik', () => {
    // Dealer 3 opens 1 Pik; seat 0 holds six diamonds and 12 points.
    const hands = fill(['AD KD JD 9D 7D 4D KH 5H 3H 8S 6S 2C 3C', '', '', '']);
    const state = act(dealt(four, 3, hands), [bid(1, 'S')]);
    expect(decide(state)).toEqual(bid(2, 'D'));
  });

  it('overcalls in a four-card suit holding three honours: they count whoever plays the hand', () => {
    // "Ein Blatt mit 3 oder mehr der obersten 5 Trumpf-Ehrenkarten ist meist stark genug, um
    // die Auktion selbstbewusst zu bestreiten, da Ehren unabhängig vom weiteren Spielverlauf
    // Punkte bringen." Seat 3 opens 1 Karo; seat 0 holds A K Q x of hearts and 12 points.
    const hands = fill(['AH KH QH 2H KS 3S 2S 5D 4D 3D 4C 3C 2C', '', '', '']);
    const state = act(dealt(four, 3, hands), [bid(1, 'D')]);
    expect(decide(state)).toEqual(bid(1, 'H'));
  });

  it("never bids the opponents' suit: its honours and length are for defending", () => {
    const hands = fill(['AD KD QD JD 9D 8D KS 3S 2S 4C 3C 2C 2H', '', '', '']);
    const state = act(dealt(four, 3, hands), [bid(1, 'D')]);
    const call = decide(state);
    expect(call.type === 'bid' && call.strain === 'D').toBe(false);
  });

  it("does not bid on over its partner's bid: the side already holds the auction", () => {
    // Dealer 2 (the partner) opens 1 Herz, seat 3 passes; seat 0 has support and values.
    const hands = fill(['AH 9H 7H 4H KS 5S 3S QD 8D 3D KC 6C 2C', '', '', '']);
    const state = act(dealt(four, 2, hands), [bid(1, 'H'), pass]);
    expect(decide(state)).toEqual(pass);
  });

  it('takes a partner out of a suit it cannot stand into its own long suit', () => {
    // Partner opens 1 Kreuz; seat 0 has no club at all and seven spades.
    const hands = fill(['AS KS QS 9S 8S 7S 6S AH 5H 4H 8D 6D 3D', '', '', '']);
    const state = act(dealt(four, 2, hands), [bid(1, 'C'), pass]);
    expect(decide(state)).toEqual(bid(1, 'S'));
  });

  it('doubles an opponent who bid high into its trump stack and aces', () => {
    // Seat 3 opens 4 Pik; seat 0 holds A K Q J of spades and two side aces.
    const hands = fill(['AS KS QS JS 2S AH 3H 2H AD 3D 2D 3C 2C', '', '', '']);
    const state = act(dealt(four, 3, hands), [bid(4, 'S')]);
    const view = viewToAct(state);
    expect(view.prompt).toMatchObject({ kind: 'call', canDouble: true });
    expect(ruleBridgeBot.decide(view, () => 0)).toEqual({ type: 'double' });
  });

  it('does not double a one-level bid with the same hand: seven defensive tricks are too few to beat it', () => {
    const hands = fill(['AS KS QS JS 2S AH 3H 2H AD 3D 2D 3C 2C', '', '', '']);
    const state = act(dealt(four, 3, hands), [bid(1, 'H')]);
    expect(decide(state)).not.toEqual({ type: 'double' });
  });

  it('doubles less readily when the double alone would give the opponents a game', () => {
    // "Vor einem grenzwertigen Verdoppeln festhalten, wie viele Mehrstiche unterhalb des
    // Striches bereits für den Spielgewinn stehen". Seat 3 bids 2 Kreuz (12 points made, 24
    // doubled); seat 0 has about seven defensive tricks and no bid of its own.
    const hands = fill(['AS KS 3S 2S AH KH 3H 2H AD KC QC JC 2C', '', '', '']);
    const fresh = act(dealt(four, 3, hands), [bid(2, 'C')]);
    expect(decide(fresh)).toEqual({ type: 'double' });
    // With 10 already below the line, 2 Kreuz doubled and made (24) would complete their game.
    const nearGame = { ...fresh, score: { ...fresh.score, currentGame: [0, 10] } };
    expect(decide(nearGame)).toEqual(pass);
  });

  it("redoubles when the partner's doubled no-trump bid has tricks to spare", () => {
    // "Die verdoppelte Seite darf ihrerseits redoppeln": partner (seat 2) opened 1 Sans-Atout,
    // seat 3 doubled; seat 0 has 15 points, balanced.
    const hands = fill(['AS KS 4S AH QH 5H KD 8D 7D 3D 9C 6C 2C', '', '', '']);
    const state = act(dealt(four, 2, hands), [bid(1, 'NT'), { type: 'double' }]);
    const view = viewToAct(state);
    expect(view.prompt).toMatchObject({ kind: 'call', canRedouble: true });
    expect(ruleBridgeBot.decide(view, () => 0)).toEqual({ type: 'redouble' });
  });

  it('three players: each bids alone and counts on the blind hand as an unknown fourth of the cards', () => {
    // "Auction-Bridge zu dritt: ... ein ausgeteilten Blind-Blatt ..., das ... von der Seite
    // übernommen wird, die die Auktion gewinnt". Seat 1 opened 1 Kreuz; seat 2 overcalls in spades.
    const three = bridgeConfig({ players: 3 });
    const hands = fill(['', '', 'AS KS QS 9S 8S AH 5H 4H 8D 6D 3D 4C 3C', '']);
    const state = act(dealt(three, 1, hands), [bid(1, 'C')]);
    expect(decide(state)).toEqual(bid(1, 'S'));
  });

  it('never names nullo, even where the house rule allows it', () => {
    const withNullo = bridgeConfig({ nullo: true });
    const hands = fill(['5H 4H 3H 2H 5S 4S 3S 2S 4D 3D 2D 3C 2C', '', '', '']);
    const state = dealt(withNullo, 0, hands);
    expect(viewToAct(state).prompt).toMatchObject({ kind: 'call' });
    expect(decide(state)).toEqual(pass);
  });
});
