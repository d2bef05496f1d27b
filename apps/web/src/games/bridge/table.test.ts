import { bridgeView as viewOf } from '@kibitz/rules/bridge';
import { describe, expect, it } from 'vitest';
import { leadContract, scene } from './preview/scenes.ts';
import { bridgeFocus, bridgeHandMode } from './table.ts';

describe('the Bridge hand and focus at the table', () => {
  it('sends focus to the bidding box, the own hand, or the dummy for the declarer playing from it', () => {
    const auction = scene('auction');
    const toCall = auction.state.toAct[0]!;
    expect(bridgeFocus(viewOf(auction.state, toCall))).toBe('prompt');
    expect(bridgeHandMode(viewOf(auction.state, toCall))).toBe('view');
    // After the opening lead the dummy is to play: the declarer plays from it, not from their hand.
    const lead = scene('lead');
    const declarer = lead.state.hand.contract!.declarer;
    const declarerView = viewOf(lead.state, declarer);
    expect(declarerView.prompt).toMatchObject({ kind: 'play', hand: lead.state.hand.contract!.dummyHand });
    expect(bridgeFocus(declarerView)).toBe('dummy');
    expect(bridgeHandMode(declarerView)).toBe('view');
    // Before the lead, the leader plays from their own hand.
    const before = leadContract();
    const leader = before.toAct[0]!;
    expect(bridgeFocus(viewOf(before, leader))).toBe('hand');
    expect(bridgeHandMode(viewOf(before, leader))).toBe('play');
    // A seat not to act, and a spectator, are asked nothing.
    expect(bridgeFocus(viewOf(before, 'spectator'))).toBeNull();
  });
});
