/** A Bridge hint in words: a call, a card from the player's own hand, and one from the dummy. */
import { bridgeView as viewOf } from '@kibitz/rules/bridge';
import { describe, expect, it } from 'vitest';
import { describeBridgeHint } from './move-text.ts';
import { leadContract, scene } from './preview/scenes.ts';

describe('a Bridge hint in words', () => {
  it('says the call, the card from the own hand, or the card from the dummy', () => {
    const auction = scene('auction');
    const caller = auction.state.toAct[0]!;
    const view = viewOf(auction.state, caller);
    expect(describeBridgeHint(view, { type: 'pass' }, 'Ann', 'en')).toBe('Ann passes');
    expect(describeBridgeHint(view, { type: 'bid', level: 2, strain: 'H' }, 'Ann', 'en')).toMatch(
      /^Ann bids 2/,
    );

    const before = leadContract();
    const leader = before.toAct[0]!;
    const own = viewOf(before, leader);
    const card = own.hand![0]!;
    expect(describeBridgeHint(own, { type: 'play', card }, 'Ann', 'en')).toMatch(/^Ann plays /);
    expect(describeBridgeHint(own, { type: 'play', card }, 'Ann', 'en')).not.toMatch(/dummy/);

    const lead = scene('lead');
    const declarer = lead.state.hand.contract!.declarer;
    const dummyCard = lead.state.hand.hands[lead.state.hand.contract!.dummyHand]![0]!;
    const fromDummy = describeBridgeHint(
      viewOf(lead.state, declarer),
      { type: 'play', card: dummyCard },
      'Ann',
      'en',
    );
    expect(fromDummy).toMatch(/dummy/);
  });
});
