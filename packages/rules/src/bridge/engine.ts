/**
 * Auction Bridge [002] as a pure reducer, in the Pinochle engine's manner:
 * createBridgeGame(config, seed), applyBridge(state, seat, action) and
 * legalBridgeActions(state, seat). applyBridge never mutates its argument and never throws
 * on bad input; it returns the next state or a typed rejection.
 */
import {
  bidLabel,
  callAllowed,
  callChoices,
  contractOf,
  sameSide,
  strainOrder,
  summarize,
} from './auction.ts';
import {
  BRIDGE_SUIT_SYMBOLS,
  type BridgeCard,
  bridgeCardLabel,
  bridgeSuitOf,
  isBridgeCard,
} from './cards.ts';
import type { BridgeConfig } from './config.ts';
import { type BridgeRejection, bridgeReject } from './errors.ts';
import { continueAfterHand, controllerOf, gatherTrick, passOut, trickWinner } from './flow.ts';
import type { BridgeAction, BridgeCall, BridgeSeat, BridgeState, BridgeStrain } from './state.ts';
import { legalBridgeCards } from './tricks.ts';

export type BridgeApplyResult = { ok: true; state: BridgeState } | { ok: false; rejection: BridgeRejection };

function isStrain(config: BridgeConfig, value: unknown): value is BridgeStrain {
  return typeof value === 'string' && (strainOrder(config) as readonly string[]).includes(value);
}

function wrongPhase(state: BridgeState, action: BridgeAction): BridgeApplyResult {
  return bridgeReject(
    'wrong-phase',
    `"${action.type}" is not possible now: the hand is in the ${state.phase} phase`,
  );
}

function applyCall(state: BridgeState, seat: BridgeSeat, call: BridgeCall): BridgeApplyResult {
  const { config, hand } = state;
  if (state.phase !== 'auction') return wrongPhase(state, call);
  const summary = summarize(config, hand.calls, hand.dealer);
  if (call.type === 'bid') {
    if (!Number.isInteger(call.level) || call.level < 1 || call.level > 7) {
      return bridgeReject('malformed-action', 'A bid names a level from 1 to 7');
    }
    if (!isStrain(config, call.strain)) {
      return bridgeReject(
        'malformed-action',
        `A bid names a denomination: ${strainOrder(config).join(', ')}${config.nullo ? '' : ' (nullo bids are not played at this table)'}`,
      );
    }
  }
  if (!callAllowed(config, summary, seat, call)) return refuseCall(state, seat, call, summary);
  // A fresh object: the caller's action is never stored (it may be mutated afterwards).
  const stored: BridgeCall =
    call.type === 'bid' ? { type: 'bid', level: call.level, strain: call.strain } : { type: call.type };
  const calls = [...hand.calls, { seat, call: stored }];
  const after = summarize(config, calls, hand.dealer);
  if (after.status === 'open') return ok({ ...state, hand: { ...hand, calls }, toAct: [after.next] });
  if (after.status === 'passed-out') return ok(passOut({ ...state, hand: { ...hand, calls } }));
  const contract = contractOf(config, calls, after);
  // "Die Person links von der alleinspielenden Person eröffnet": the hands around the table
  // from the declarer; with three players the blind hand lies opposite the declarer.
  const declarer = contract.declarerHand;
  const table =
    config.players === 4
      ? [0, 1, 2, 3].map((i) => (declarer + i) % 4)
      : [declarer, (declarer + 1) % 3, contract.dummyHand, (declarer + 2) % 3];
  const leader = table[1]!;
  return ok({
    ...state,
    phase: 'play',
    hand: { ...hand, calls, contract, table, turn: leader, leader },
    toAct: [leader],
  });
}

function refuseCall(
  state: BridgeState,
  seat: BridgeSeat,
  call: BridgeCall,
  summary: ReturnType<typeof summarize>,
): BridgeApplyResult {
  const { config } = state;
  const last = summary.lastBid;
  switch (call.type) {
    case 'bid': {
      const lowest = callChoices(config, summary, seat).bids[0];
      return bridgeReject(
        'bid-too-low',
        lowest === undefined
          ? `Nothing overcalls ${bidLabel(last!.level, last!.strain)}: pass or double`
          : `A bid must overcall ${bidLabel(last!.level, last!.strain)}: ${bidLabel(lowest.level, lowest.strain)} or higher`,
      );
    }
    case 'double':
      return bridgeReject(
        'cannot-double',
        last === null
          ? 'There is no bid to double'
          : summary.doubled > 0
            ? 'That bid is already doubled'
            : sameSide(config, seat, last.seat)
              ? "Only an opponent's bid can be doubled"
              : 'That bid cannot be doubled',
      );
    case 'redouble':
      return bridgeReject(
        'cannot-redouble',
        last === null || summary.doubled === 0
          ? 'Only a doubled bid can be redoubled'
          : summary.doubled === 2
            ? 'That bid is already redoubled'
            : 'Only the doubled side may redouble',
      );
    default:
      return bridgeReject('malformed-action', 'Unknown call');
  }
}

function applyPlay(state: BridgeState, card: unknown): BridgeApplyResult {
  if (state.phase !== 'play') return wrongPhase(state, { type: 'play', card: card as BridgeCard });
  if (!isBridgeCard(card)) return bridgeReject('malformed-action', 'Play one card such as "TS" (10♠)');
  const hand = state.hand;
  const turn = hand.turn!;
  const cards = hand.hands[turn]!;
  if (!cards.includes(card)) {
    const whose = turn === hand.contract!.dummyHand ? "the dummy's" : 'your';
    return bridgeReject(
      'card-not-in-hand',
      `${bridgeCardLabel(card)} is not in ${whose} hand, which plays now`,
    );
  }
  if (!legalBridgeCards(cards, hand.trick).includes(card)) {
    const led = BRIDGE_SUIT_SYMBOLS[bridgeSuitOf(hand.trick[0]!.card)];
    return bridgeReject('must-follow-suit', `Follow suit: play a ${led} card`);
  }
  const hands = hand.hands.map((held, id) => (id === turn ? held.filter((c) => c !== card) : held));
  const trick = [...hand.trick, { hand: turn, card }];
  if (trick.length < 4) {
    const next = hand.table[(hand.table.indexOf(turn) + 1) % 4]!;
    const nextHand = { ...hand, hands, trick, turn: next };
    return ok({ ...state, hand: nextHand, toAct: [controllerOf(nextHand, next)] });
  }
  const full = { ...state, hand: { ...hand, hands, trick } };
  // Paced: the complete trick stays on the table until its winner gathers it.
  if (state.config.paced) {
    return ok({ ...full, phase: 'trick-end', toAct: [controllerOf(full.hand, trickWinner(full.hand))] });
  }
  return ok(gatherTrick(full));
}

function ok(state: BridgeState): BridgeApplyResult {
  return { ok: true, state };
}

/** Applies one seat's action. Returns the next state (version + 1) or a typed rejection. */
export function applyBridge(state: BridgeState, seat: BridgeSeat, action: BridgeAction): BridgeApplyResult {
  if (state.phase === 'game-over') return bridgeReject('game-over', 'The rubber is over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.playerCount) {
    return bridgeReject('not-a-seat', `Seat must be 0 to ${state.playerCount - 1}`);
  }
  if (
    typeof action !== 'object' ||
    action === null ||
    typeof (action as { type?: unknown }).type !== 'string'
  ) {
    return bridgeReject('malformed-action', 'An action is an object with a "type"');
  }
  if (!state.toAct.includes(seat)) {
    return bridgeReject(
      'not-your-turn',
      `It is not your turn: waiting for seat ${state.toAct.join(' and ')}`,
    );
  }
  let result: BridgeApplyResult;
  switch (action.type) {
    case 'bid':
    case 'pass':
    case 'double':
    case 'redouble':
      result = applyCall(state, seat, action);
      break;
    case 'play':
      result = applyPlay(state, action.card);
      break;
    case 'gather':
      if (state.phase !== 'trick-end') return wrongPhase(state, action);
      result = ok(gatherTrick(state));
      break;
    case 'continue':
      if (state.phase !== 'hand-end') return wrongPhase(state, action);
      result = ok(continueAfterHand(state, seat));
      break;
    default:
      return bridgeReject(
        'malformed-action',
        `Unknown action "${String((action as { type: unknown }).type)}"`,
      );
  }
  if (!result.ok) return result;
  return { ok: true, state: { ...result.state, version: state.version + 1 } };
}

/** Every action applyBridge would accept from `seat` now. */
export function legalBridgeActions(state: BridgeState, seat: BridgeSeat): BridgeAction[] {
  if (!state.toAct.includes(seat)) return [];
  const { config, hand } = state;
  if (state.phase === 'auction') {
    const choices = callChoices(config, summarize(config, hand.calls, hand.dealer), seat);
    const actions: BridgeAction[] = choices.bids.map(({ level, strain }) => ({ type: 'bid', level, strain }));
    actions.push({ type: 'pass' });
    if (choices.canDouble) actions.push({ type: 'double' });
    if (choices.canRedouble) actions.push({ type: 'redouble' });
    return actions;
  }
  if (state.phase === 'play') {
    return legalBridgeCards(hand.hands[hand.turn!]!, hand.trick).map((card) => ({ type: 'play', card }));
  }
  if (state.phase === 'trick-end') return [{ type: 'gather' }];
  if (state.phase === 'hand-end') return [{ type: 'continue' }];
  return [];
}

export { createBridgeGame } from './flow.ts';
