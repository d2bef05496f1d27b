/**
 * The card player on deals laid out by hand. The contract is 1 Pik by seat 0 (dealer 0
 * bids, the others pass): "Die Person links von der alleinspielenden Person eröffnet",
 * so seat 1 leads, hand 2 is the dummy and "Die alleinspielende Person spielt ... sowohl die
 * eigenen Karten als auch die des Blinds".
 */
import { bridgeView } from '@kibitz/rules/bridge';
import { describe, expect, it } from 'vitest';
import { ruleBridgeBot } from './bot.ts';
import { act, bid, bridgeConfig, dealt, fill, pass, play, viewToAct } from './test-support.ts';

const four = bridgeConfig();
const contractOneSpade = [bid(1, 'S'), pass, pass, pass];

function afterAuction(hands: readonly string[]) {
  return act(dealt(four, 0, fill(hands)), contractOneSpade);
}

const decide = (state: Parameters<typeof viewToAct>[0]) => ruleBridgeBot.decide(viewToAct(state), () => 0);

describe('the Bridge card player', () => {
  it('leads the top of a sequence: K♥ from K Q J', () => {
    const state = afterAuction(['AS KS QS JS TS 9S 8S AH AD AC KD KC 2D', 'KH QH JH 5H 2H', '', '']);
    expect(state.toAct).toEqual([1]);
    expect(decide(state)).toEqual(play('KH'));
  });

  it('leads a winner it holds (an ace) before anything else', () => {
    const state = afterAuction(['AS KS QS JS TS 9S 8S AD AC KD KC 2D 3D', 'AH KH 5H 2H 9C', '', '']);
    expect(decide(state)).toEqual(play('AH'));
  });

  const diamonds = [
    'AD KD QD JD 3D AS KS QS JS TS 9S 8S 7S',
    '4D 2D KH QH JH 6S 5S 4S 3S 2S AH TH 9H',
    '9D 6D 5D 8H 7H 6H 5H 4H 3H 2H AC KC QC',
    'TD 8D 7D JC TC 9C 8C 7C 6C 5C 4C 3C 2C',
  ];

  it("second hand low, from the dummy's cards: the declarer is asked and plays the dummy's 5♦", () => {
    const state = act(afterAuction(diamonds), [play('4D')]);
    const view = viewToAct(state);
    expect(view.viewer).toBe(0);
    expect(view.prompt).toMatchObject({ kind: 'play', hand: 2 });
    expect(ruleBridgeBot.decide(view, () => 0)).toEqual(play('5D'));
  });

  it('fourth hand wins with the lowest card that wins: J♦ over 10♦', () => {
    const state = act(afterAuction(diamonds), [play('4D'), play('5D'), play('TD')]);
    expect(decide(state)).toEqual(play('JD'));
  });

  it('the declarer draws trumps when the side holds more of them', () => {
    const state = act(afterAuction(diamonds), [play('4D'), play('5D'), play('TD'), play('JD')]);
    expect(state.toAct).toEqual([0]);
    const card = decide(state);
    expect(card.type === 'play' && card.card[1]).toBe('S');
  });

  const clubs = [
    'AC JC AS KS QS JS TS 9S 8S 7S 6S 5S 4S',
    '2C 6C 3S 2S AH KH QH JH TH 9H 8H 7H 6H',
    '5C 4C TC 5H 4H 3H 2H AD KD QD JD TD 9D',
    'KC QC 7C 3C 9C 8C 8D 7D 6D 5D 4D 3D 2D',
  ];

  it('third hand high, the lowest of equal cards: Q♣ from K Q when the ace is not seen', () => {
    const state = act(afterAuction(clubs), [play('2C'), play('5C')]);
    expect(state.toAct).toEqual([3]);
    expect(decide(state)).toEqual(play('QC'));
  });

  it("third hand high stops at the cards that still win: Q♣ from K Q 10 over the dummy's J♣", () => {
    // The jack between the queen and the ten is played, but the ten no longer wins the trick.
    const hands = [
      'AC 9C AS KS QS JS TS 9S 8S 7S 6S 5S 4S',
      '2C 6C 3S 2S AH KH QH JH TH 9H 8H 7H 6H',
      'JC 4C 5C 5H 4H 3H 2H AD KD QD JD TD 9D',
      'KC QC TC 7C 3C 8C 8D 7D 6D 5D 4D 3D 2D',
    ];
    const state = act(afterAuction(hands), [play('2C'), play('JC')]);
    expect(decide(state)).toEqual(play('QC'));
  });

  it("plays low under the partner's ace, which no one still to play can beat", () => {
    // The clubs deal with the ace and the two changing places: seat 1 leads the ace.
    const hands = clubs.map((hand) => hand.replace('AC', 'XX').replace('2C', 'AC').replace('XX', '2C'));
    const state = act(afterAuction(hands), [play('AC'), play('5C')]);
    expect(decide(state)).toEqual(play('3C'));
  });

  it('trumps a suit it lacks when an opponent is winning, with its lowest trump', () => {
    // Seat 3 holds no heart: hearts led by the declarer's side, seat 3 ruffs low.
    const hands = ['AS 9S', 'KH 7H 6H 5H 4H 3H 2H', 'AH QH JH TH 9H 8H', 'KS QS 4S 2S'];
    let state = afterAuction(hands);
    // Seat 1 leads 2♥, the dummy plays A♥: seat 3 would now follow with a heart if it had one.
    state = act(state, [play('2H'), play('AH')]);
    expect(decide(state)).toEqual(play('2S'));
  });

  it('three players: the declarer plays the blind hand once it is face up, and sees it only then', () => {
    // "Auction-Bridge zu dritt: ... ein ausgeteiltes Blind-Blatt ..., das ... von der Seite
    // übernommen und gespielt wird, die die Auktion gewinnt". Seat 0 wins with 1 Pik; the
    // blind (hand 3) lies opposite, so seat 1 leads and the blind plays second.
    const three = bridgeConfig({ players: 3 });
    let state = act(dealt(three, 0, diamonds), [bid(1, 'S'), pass, pass]);
    expect(state.toAct).toEqual([1]);
    expect(bridgeView(state, 0).dummy).toBeNull();
    state = act(state, [play('4D')]);
    const view = viewToAct(state);
    expect(view.viewer).toBe(0);
    expect(view.dummy).toEqual(bridgeView(state, 1).dummy);
    expect(view.prompt).toMatchObject({ kind: 'play', hand: 3 });
    // Second hand low from the blind's T 8 7 of diamonds.
    expect(ruleBridgeBot.decide(view, () => 0)).toEqual(play('7D'));
  });
});
