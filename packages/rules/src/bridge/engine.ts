/**
 * Auction Bridge [002] as a pure reducer, in the Pinochle engine's manner:
 * createBridgeGame(config, seed), applyBridge(state, seat, action) and
 * legalBridgeActions(state, seat). applyBridge never mutates its argument and never throws
 * on bad input; it returns the next state or a typed rejection.
 */
import { createRandom, dealSeed, randomInt } from '../random.ts';
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
import { dealBridge } from './deal.ts';
import { type BridgeRejection, bridgeReject } from './errors.ts';
import { handEntries, rubberResult, sideHonours, writeHand } from './score.ts';
import type {
  BridgeAction,
  BridgeCall,
  BridgeHandId,
  BridgeHandState,
  BridgeSeat,
  BridgeState,
  BridgeStrain,
} from './state.ts';
import { legalBridgeCards, trickWinnerIndex, trumpOf } from './tricks.ts';

export type BridgeApplyResult = { ok: true; state: BridgeState } | { ok: false; rejection: BridgeRejection };

type GameBase = Omit<BridgeState, 'hand' | 'phase' | 'toAct'>;

/** A new rubber: the first dealer is drawn from the seed and the first hand is dealt. */
export function createBridgeGame(config: BridgeConfig, seed: string): BridgeState {
  const players = config.players;
  const accounts = players === 4 ? 2 : 3;
  const base: GameBase = {
    config,
    seed,
    playerCount: players,
    accountCount: accounts,
    version: 0,
    score: {
      above: new Array(accounts).fill(0),
      below: new Array(accounts).fill(0),
      currentGame: new Array(accounts).fill(0),
      games: new Array(accounts).fill(0),
      gameNumber: 0,
      handsPlayed: 0,
      entries: [],
    },
    history: [],
    result: null,
  };
  return beginDeal(base, 0, randomInt(createRandom(`kibitz-bridge-first-dealer:${seed}`), players));
}

/** "Die austeilende Person eröffnet die Auktion." */
function beginDeal(base: GameBase, deal: number, dealer: BridgeSeat): BridgeState {
  const seed = dealSeed(base.seed, deal);
  const dealt = dealBridge(seed, dealer);
  const hand: BridgeHandState = {
    deal,
    dealer,
    seed,
    dealt,
    hands: dealt.map((cards) => [...cards]),
    calls: [],
    contract: null,
    table: [],
    turn: null,
    leader: null,
    trick: [],
    tricks: [],
    tricksWon: [0, 0, 0, 0],
  };
  return { ...base, phase: 'auction', toAct: [dealer], hand };
}

function baseOf(state: BridgeState): GameBase {
  const { hand: _hand, phase: _phase, toAct: _toAct, ...base } = state;
  return base;
}

/** Who plays a hand's cards: the dummy's are played by the declarer. */
export function controllerOf(hand: BridgeHandState, id: BridgeHandId): BridgeSeat {
  return hand.contract !== null && id === hand.contract.dummyHand ? hand.contract.declarer : id;
}

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
  if (after.status === 'passed-out') {
    // "wird das Blatt verworfen und von derselben austeilenden Person neu ausgeteilt"
    const base = baseOf(state);
    const history = [
      ...state.history,
      {
        deal: hand.deal,
        dealer: hand.dealer,
        outcome: 'passed-out' as const,
        contract: null,
        declarerTricks: null,
        made: null,
        entries: [],
        gameWonBy: null,
        dealt: hand.dealt,
      },
    ];
    return ok(beginDeal({ ...base, history }, hand.deal + 1, hand.dealer));
  }
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
  const winner = trick[trickWinnerIndex(trick, trumpOf(hand.contract!.strain))]!.hand;
  const tricksWon = hand.tricksWon.map((won, id) => (id === winner ? won + 1 : won));
  const tricks = [...hand.tricks, { leader: hand.leader!, cards: trick, winner }];
  // "Die Person, die den Stich gewinnt, spielt zum nächsten Stich aus."
  const nextHand = { ...hand, hands, trick: [], tricks, tricksWon, turn: winner, leader: winner };
  // "Das Spiel läuft weiter, bis alle 13 Stiche gespielt sind."
  if (tricks.length === 13) return ok(endPlayedHand(state, nextHand));
  return ok({ ...state, hand: nextHand, toAct: [controllerOf(nextHand, winner)] });
}

/** Scores a hand played out, then deals the next one or ends the rubber. */
function endPlayedHand(state: BridgeState, hand: BridgeHandState): BridgeState {
  const { config } = state;
  const contract = hand.contract!;
  const declaringHands = [contract.declarerHand, contract.dummyHand];
  const defendingHands = [0, 1, 2, 3].filter((id) => !declaringHands.includes(id));
  const declarerTricks = hand.tricksWon[contract.declarerHand]! + hand.tricksWon[contract.dummyHand]!;
  const pairOf = (ids: number[]) => [hand.dealt[ids[0]!]!, hand.dealt[ids[1]!]!] as const;
  const honours = [
    sideHonours(config, contract.strain, pairOf(declaringHands)),
    sideHonours(config, contract.strain, pairOf(defendingHands)),
  ] as const;
  const lines = handEntries(config, contract, declarerTricks, honours);
  // Accounts: a team with four players; with three, the declarer alone, and each defender
  // in full for the defending side (reading 10).
  const accounts =
    config.players === 4
      ? { declaring: [contract.declarer % 2], defending: [1 - (contract.declarer % 2)] }
      : { declaring: [contract.declarer], defending: [0, 1, 2].filter((seat) => seat !== contract.declarer) };
  const written = writeHand(state.score, hand.deal, lines, accounts);
  const made = lines.some((line) => line.kind === 'tricks');
  const history = [
    ...state.history,
    {
      deal: hand.deal,
      dealer: hand.dealer,
      outcome: 'played' as const,
      contract,
      declarerTricks,
      made,
      entries: written.entries,
      gameWonBy: written.gameWonBy,
      dealt: hand.dealt,
    },
  ];
  const score = written.score;
  const finished = { ...state, hand, score, history, toAct: [], phase: 'game-over' as const };
  if (written.rubberWonBy !== null) return { ...finished, result: rubberResult(score, 'rubber') };
  if (config.handLimit !== null && score.handsPlayed >= config.handLimit) {
    // "Muss eine Sitzung beendet werden, bevor eine Seite 2 Spiele gewonnen hat, gilt die
    // Partnerschaft mit dem höheren Nettostand zu diesem Zeitpunkt als Gewinnerin"; a tie plays on.
    const result = rubberResult(score, 'hand-limit');
    if (result !== null) return { ...finished, result };
  }
  // "nach jedem Blatt wandert das Geben im Uhrzeigersinn zur nächsten Person weiter"
  return beginDeal(
    { ...baseOf(state), score, history },
    hand.deal + 1,
    (hand.dealer + 1) % state.playerCount,
  );
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
  return [];
}
