/**
 * Auction Bridge in `pnpm bench`: complete hands with bench players, four players and the
 * three-person form with the blind hand. The first caller bids one of a random
 * denomination and the others pass (so every deal is played, none passed out), then each
 * hand plays a random legal card. The players' own cost is part of the figures, as for
 * Pinochle.
 */
import {
  applyBridge,
  type BridgeAction,
  type BridgeConfig,
  type BridgeState,
  createBridgeGame,
  legalBridgeActions,
  parseBridgeConfig,
} from '../src/bridge/index.ts';
import { createRandom } from '../src/common/random.ts';

function pick(state: BridgeState, actions: BridgeAction[], random: () => number): BridgeAction {
  if (state.phase === 'auction') {
    // Level-one bids come first in the list, one per denomination.
    if (state.hand.calls.length === 0) return actions[Math.floor(random() * 5)]!;
    return { type: 'pass' };
  }
  return actions[Math.floor(random() * actions.length)]!;
}

let seedCounter = 0;

/** Plays `hands` complete hands (starting new rubbers as rubbers end); returns [hands, actions]. */
export function playBridgeHands(config: BridgeConfig, hands: number): [number, number] {
  const random = createRandom(`bench-bridge-${seedCounter}`);
  let state = createBridgeGame(config, `bench-bridge-${seedCounter++}`);
  let actions = 0;
  let done = 0;
  let deal = state.hand.deal;
  while (done < hands) {
    if (state.phase === 'game-over') {
      state = createBridgeGame(config, `bench-bridge-${seedCounter++}`);
      deal = state.hand.deal;
    }
    const seat = state.toAct[0]!;
    const result = applyBridge(state, seat, pick(state, legalBridgeActions(state, seat), random));
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
    actions++;
    if (state.hand.deal !== deal || state.phase === 'game-over') {
      done++;
      deal = state.hand.deal;
    }
  }
  return [done, actions];
}

export function bridgeBenchConfigs(): { label: string; config: BridgeConfig }[] {
  return ([4, 3] as const).map((players) => {
    const parsed = parseBridgeConfig({ game: 'auction-bridge', players });
    if (!parsed.ok) throw new Error('the bench bridge config does not validate');
    return { label: players === 4 ? 'auction-bridge' : 'auction-bridge, 3 + blind', config: parsed.config };
  });
}
