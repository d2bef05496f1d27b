/**
 * Reading the auction: the true hands always fit an auction the rule bidder made, and
 * layouts drawn to fit it agree with what the calls showed far more often than blind ones.
 */
import {
  applyBridge,
  auctionBridge,
  type BridgeState,
  bridgeView,
  createBridgeGame,
} from '@kibitz/rules/bridge';
import { expect, it } from 'vitest';
import { seededRandom } from '../../common/random.ts';
import { ruleBridgeBot } from '../bot.ts';
import { highCardPoints } from '../hand.ts';
import { auctionMisfits } from './auction-fit.ts';
import { hiddenCards, sampleLayout } from './sample.ts';

/** Rule bots from the deal to `plays` cards into the first hand played out. */
function playedTo(variant: 'auction-bridge' | 'auction-bridge-3', seed: string, plays: number): BridgeState {
  let state = createBridgeGame(auctionBridge.defaultConfig(variant), seed);
  let played = 0;
  while (state.phase !== 'play' || played < plays) {
    const seat = state.toAct[0]!;
    const action = ruleBridgeBot.decide(bridgeView(state, seat), () => 0);
    if (action.type === 'play') played++;
    const result = applyBridge(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return state;
}

it('finds no misfit in the true hands, whoever looks and however far the play is', () => {
  for (const variant of ['auction-bridge', 'auction-bridge-3'] as const) {
    for (let deal = 0; deal < 12; deal++) {
      const state = playedTo(variant, `fit-${deal}`, deal % 9);
      const seat = state.toAct[0]!;
      const view = bridgeView(state, seat);
      const hidden = hiddenCards(view);
      const misfits = auctionMisfits(view, hidden);
      if (misfits === null) continue;
      const truth = state.hand.hands.map((cards) => [...cards]);
      expect(misfits(truth, Number.POSITIVE_INFINITY)).toBe(0);
    }
  }
});

it('an opener drawn to fit its opening holds the points the rule bidder opens on', () => {
  // Deals where a hidden hand opened with a bid: blind layouts give it a third of the
  // points it may hold; fitting ones give it an opener's.
  let checked = 0;
  for (let deal = 0; deal < 40 && checked < 6; deal++) {
    const state = playedTo('auction-bridge', `open-${deal}`, 1);
    const seat = state.toAct[0]!;
    const view = bridgeView(state, seat);
    const hidden = hiddenCards(view);
    const opening = view.calls.find((entry) => entry.call.type === 'bid');
    if (opening === undefined || !hidden.hands.some((h) => h.id === opening.seat)) continue;
    const misfits = auctionMisfits(view, hidden)!;
    const random = seededRandom(`fit-test-${deal}`);
    let blind = 0;
    let fitting = 0;
    let fits = 0;
    for (let i = 0; i < 40; i++) {
      blind += highCardPoints(sampleLayout(hidden, random, 8)[opening.seat]!);
      for (let tries = 0; tries < 400; tries++) {
        const layout = sampleLayout(hidden, random, 8);
        if (misfits(layout, 1) === 0) {
          fitting += highCardPoints(layout[opening.seat]!);
          fits++;
          break;
        }
      }
    }
    expect(fits).toBeGreaterThan(30);
    expect(fitting / fits).toBeGreaterThan(blind / 40 + 1);
    expect(fitting / fits).toBeGreaterThanOrEqual(10);
    checked++;
  }
  expect(checked).toBeGreaterThan(2);
});
