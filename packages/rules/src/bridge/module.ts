/**
 * Auction Bridge [002] as a game of the seam: the four-person game and the three-person
 * form with the blind hand are two forms of one module (one config, `players` 4 or 3).
 */

import { pacedImplied } from '../common/replay.ts';
import type { GameModule, ScoreSheet, TableShape } from '../common/types.ts';
import { bidLabel } from './auction.ts';
import type { BridgeConfig } from './config.ts';
import { applyBridge, createBridgeGame, legalBridgeActions } from './engine.ts';
import { bridgeEntry } from './entry.ts';
import type { BridgeRejection } from './errors.ts';
import { totals } from './score.ts';
import type { BridgeAction, BridgeHandResult, BridgePhase, BridgeState } from './state.ts';
import { type BridgeView, bridgeView } from './view.ts';

export const BRIDGE_PHASES = [
  'auction',
  'play',
  'trick-end',
  'hand-end',
  'game-over',
] as const satisfies readonly BridgePhase[];

/** "2 feste Partnerschaften" (0+2, 1+3) with four; with three, each plays for themselves. */
export function bridgeTable(config: BridgeConfig): TableShape {
  if (config.players === 4) {
    return {
      seatCount: 4,
      sides: [
        [0, 2],
        [1, 3],
      ],
      partnerships: true,
    };
  }
  return { seatCount: 3, sides: [[0], [1], [2]], partnerships: false };
}

function handNote(hand: BridgeHandResult): string {
  const contract = hand.contract;
  if (contract === null) return 'passed out';
  const doubled = contract.doubled === 2 ? ' redoubled' : contract.doubled === 1 ? ' doubled' : '';
  // Tricks, not overtricks or undertricks: under the nullo house rule fewer is better.
  const how = `${hand.made ? 'made' : 'not made'}, ${hand.declarerTricks ?? 0} tricks`;
  return `${bidLabel(contract.level, contract.strain)}${doubled} by seat ${contract.declarer}: ${how}`;
}

function scoreSheet(state: BridgeState): ScoreSheet {
  return {
    totals: totals(state.score),
    rows: state.history.map((hand) => {
      const delta = new Array<number>(state.accountCount).fill(0);
      for (const entry of hand.entries) delta[entry.account]! += entry.points;
      return { deal: hand.deal, delta, note: handNote(hand) };
    }),
  };
}

export const auctionBridge: GameModule<BridgeConfig, BridgeState, BridgeAction, BridgeView, BridgeRejection> =
  {
    ...bridgeEntry,
    table: bridgeTable,
    phases: BRIDGE_PHASES,
    create: createBridgeGame,
    apply: applyBridge,
    implied: pacedImplied<BridgeState, BridgeAction>,
    legalActions: legalBridgeActions,
    view: bridgeView,
    phase: (state) => state.phase,
    toAct: (state) => state.toAct,
    version: (state) => state.version,
    handsPlayed: (state) => state.history.length,
    result: (state) =>
      state.result === null
        ? null
        : {
            winners: [...state.result.winners],
            totals: [...state.result.totals],
            reason: state.result.reason,
          },
    scoreSheet,
    deal: (state) => ({ number: state.hand.deal, dealer: state.hand.dealer, seed: state.hand.seed }),
    cardsOnDeal: (state) => ({ hands: state.hand.dealt, aside: [] }),
    ownResult: (state) => state.result,
    ownHistory: (state) => state.history,
    // Every seat presses Continue on the result panel, at the same moment if they like.
    answersOwnPrompt: (phase, actionType) => actionType === 'continue' && phase === 'hand-end',
  };
