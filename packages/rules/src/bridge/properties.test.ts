/**
 * Invariants over many random rubbers under random house rules: cards are conserved,
 * applyBridge accepts exactly what legalBridgeActions lists, every rubber ends, replays
 * reproduce the rubber, and no view depends on a card its viewer may not see (the dummy
 * before the opening lead and the blind hand included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, shuffle } from '../common/random.ts';
import { BRIDGE_DECK, type BridgeCard, sortBridgeCards } from './cards.ts';
import { type BridgeConfig, parseBridgeConfig } from './config.ts';
import { applyBridge, createBridgeGame, legalBridgeActions } from './engine.ts';
import { type LoggedBridgeAction, replayBridge } from './replay.ts';
import type { BridgeAction, BridgeSeat, BridgeState, BridgeStrain } from './state.ts';
import { type BridgeViewer, bridgeView } from './view.ts';

const configArb = fc
  .record({
    players: fc.constantFrom(3, 4),
    royalAuction: fc.boolean(),
    royalNoTrumpValue: fc.integer({ min: 11, max: 20 }),
    nullo: fc.boolean(),
    nulloTrickValue: fc.integer({ min: 1, max: 20 }),
    handLimit: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    fourHonours: fc.constantFrom('ace-king-queen-jack', 'any-four'),
    paced: fc.boolean(),
  })
  .map((options) => {
    const parsed = parseBridgeConfig({ game: 'auction-bridge', ...options });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return parsed.config;
  });

/**
 * A random player that mostly passes or makes one of the three cheapest bids, doubles and
 * redoubles now and then, and plays a uniformly random legal card. (Uniformly random bids
 * would mostly be seven-level contracts that fail, and a rubber needs made contracts.)
 */
function chooseAction(state: BridgeState, random: () => number): { seat: BridgeSeat; action: BridgeAction } {
  const seat = state.toAct[Math.floor(random() * state.toAct.length)]!;
  const actions = legalBridgeActions(state, seat);
  if (state.phase === 'auction') {
    const roll = random();
    const bids = actions.filter((a) => a.type === 'bid').slice(0, 3);
    const doubling = actions.filter((a) => a.type === 'double' || a.type === 'redouble');
    if (doubling.length > 0 && roll < 0.1) return { seat, action: doubling[0]! };
    if (bids.length > 0 && roll < 0.45) return { seat, action: bids[Math.floor(random() * bids.length)]! };
    return { seat, action: { type: 'pass' } };
  }
  return { seat, action: actions[Math.floor(random() * actions.length)]! };
}

function playRandomRubber(
  config: BridgeConfig,
  seed: string,
  onState: (state: BridgeState) => void = () => {},
  maxActions = 40_000,
) {
  const random = createRandom(`bridge-players:${seed}`);
  let state = createBridgeGame(config, seed);
  const log: LoggedBridgeAction[] = [];
  onState(state);
  while (state.phase !== 'game-over' && log.length < maxActions) {
    const { seat, action } = chooseAction(state, random);
    const result = applyBridge(state, seat, action);
    if (!result.ok)
      throw new Error(`legal action refused: ${JSON.stringify(action)} ${result.rejection.message}`);
    state = result.state;
    log.push({ seat, action });
    onState(state);
  }
  return { state, log };
}

/** Every card of the pack, once, in the hands, the trick and the finished tricks. */
function cardsInPlay(state: BridgeState): BridgeCard[] {
  const hand = state.hand;
  return [
    ...hand.hands.flat(),
    ...hand.trick.map((played) => played.card),
    ...hand.tricks.flatMap((trick) => trick.cards.map((played) => played.card)),
  ];
}

const sorted = (cards: readonly BridgeCard[]) => [...cards].sort().join(' ');
const DECK = sorted(BRIDGE_DECK);

/** Every action worth trying: all calls and all 52 cards. */
function candidates(): BridgeAction[] {
  const strains: BridgeStrain[] = ['C', 'D', 'H', 'S', 'NULLO', 'NT'];
  const list: BridgeAction[] = [
    { type: 'pass' },
    { type: 'double' },
    { type: 'redouble' },
    { type: 'gather' },
    { type: 'continue' },
  ];
  for (let level = 0; level <= 8; level++)
    for (const strain of strains) list.push({ type: 'bid', level, strain });
  for (const card of BRIDGE_DECK) list.push({ type: 'play', card });
  return list;
}

/**
 * The same state with every card the viewer may not see dealt anew among the hands that
 * hide them, and the deal's secrets replaced.
 */
function scrambled(state: BridgeState, viewer: BridgeViewer, random: () => number): BridgeState {
  const hand = state.hand;
  const visible = new Set<number>();
  if (viewer !== 'spectator') visible.add(viewer);
  // Worked out here, not with the view's own dummyIsDown, so a wrong rule there shows up.
  const openingLeadMade = hand.trick.length > 0 || hand.tricks.length > 0;
  if (hand.contract !== null && openingLeadMade) visible.add(hand.contract.dummyHand);
  const hidden = [0, 1, 2, 3].filter((id) => !visible.has(id));
  const pool = shuffle(
    hidden.flatMap((id) => hand.hands[id]!),
    random,
  );
  const hands = hand.hands.map((cards) => [...cards]);
  let at = 0;
  for (const id of hidden) {
    const count = hand.hands[id]!.length;
    hands[id] = pool.slice(at, at + count);
    at += count;
  }
  const deck = shuffle(BRIDGE_DECK, random);
  const dealt = [0, 1, 2, 3].map((id) => deck.slice(id * 13, id * 13 + 13));
  return { ...state, seed: 'scrambled', hand: { ...hand, hands, dealt, seed: 'scrambled' } };
}

const viewers = (state: BridgeState): BridgeViewer[] => [
  'spectator',
  ...Array.from({ length: state.playerCount }, (_, seat) => seat),
];

describe('Bridge invariants over random rubbers', () => {
  it('cards are conserved and every rubber ends', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const { state } = playRandomRubber(config, seed, (current) => {
          expect(sorted(cardsInPlay(current))).toBe(DECK);
          expect(sorted(current.hand.dealt.flat())).toBe(DECK);
          for (const cards of current.hand.dealt) expect(cards).toHaveLength(13);
        });
        expect(state.phase).toBe('game-over');
        expect(state.result).not.toBeNull();
        const { games } = state.score;
        if (state.result!.reason === 'rubber') expect(Math.max(...games)).toBe(2);
        else expect(state.score.handsPlayed).toBeGreaterThanOrEqual(config.handLimit!);
      }),
      { numRuns: 12 },
    );
  });

  it('applyBridge accepts exactly the actions legalBridgeActions lists', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const all = candidates();
        let step = 0;
        playRandomRubber(
          config,
          seed,
          (state) => {
            if (step++ % 7 !== 0 || state.phase === 'game-over') return;
            for (let seat = 0; seat < state.playerCount; seat++) {
              const legal = new Set(legalBridgeActions(state, seat).map((a) => JSON.stringify(a)));
              for (const action of all) {
                const accepted = applyBridge(state, seat, action).ok;
                expect(accepted, `${JSON.stringify(action)} by ${seat}`).toBe(
                  legal.has(JSON.stringify(action)),
                );
              }
            }
          },
          1500,
        );
      }),
      { numRuns: 6 },
    );
  });

  it('replaying the log reproduces the rubber', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const { state, log } = playRandomRubber(config, seed);
        const replayed = replayBridge(config, seed, log);
        expect(replayed.ok).toBe(true);
        expect(replayed.state).toEqual(state);
      }),
      { numRuns: 6 },
    );
  });

  it('no view depends on a card its viewer may not see', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const random = createRandom(`scramble:${seed}`);
        let step = 0;
        playRandomRubber(
          config,
          seed,
          (state) => {
            if (step++ % 5 !== 0) return;
            for (const viewer of viewers(state)) {
              expect(bridgeView(scrambled(state, viewer, random), viewer)).toEqual(bridgeView(state, viewer));
            }
          },
          2500,
        );
      }),
      { numRuns: 8 },
    );
  });

  it('the dummy is hidden from everyone but its own player until the opening lead', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const random = createRandom(`dummy:${seed}`);
        playRandomRubber(
          config,
          seed,
          (state) => {
            const hand = state.hand;
            if (state.phase !== 'play' || hand.tricks.length > 0 || hand.trick.length > 0) return;
            for (const viewer of viewers(state)) {
              const view = bridgeView(state, viewer);
              expect(view.dummy).toBeNull();
              if (viewer === hand.contract!.dummyHand) continue;
              // Dealing the dummy's cards anew changes nothing this viewer sees.
              expect(bridgeView(scrambled(state, viewer, random), viewer)).toEqual(view);
            }
            // One card later it is face up for all.
            const lead = legalBridgeActions(state, state.toAct[0]!)[0]!;
            const led = applyBridge(state, state.toAct[0]!, lead);
            if (!led.ok) throw new Error(led.rejection.message);
            for (const viewer of viewers(led.state)) {
              expect(bridgeView(led.state, viewer).dummy).toEqual(
                sortBridgeCards(led.state.hand.hands[hand.contract!.dummyHand]!),
              );
            }
          },
          3000,
        );
      }),
      { numRuns: 8 },
    );
  });
});

/** The fields an action of its type carries, in the order legalBridgeActions lists them. */
function essential(action: Record<string, unknown>): string {
  if (action.type === 'bid')
    return JSON.stringify({ type: 'bid', level: action.level, strain: action.strain });
  if (action.type === 'play') return JSON.stringify({ type: 'play', card: action.card });
  return JSON.stringify({ type: action.type });
}

describe('Bridge and bad input', () => {
  it('applyBridge never throws and changes nothing on any junk action or seat', () => {
    const parsed = parseBridgeConfig({ game: 'auction-bridge', nullo: true, paced: true });
    if (!parsed.ok) throw new Error('config');
    const states: BridgeState[] = [];
    let step = 0;
    playRandomRubber(
      parsed.config,
      'junk',
      (state) => {
        if (step++ % 40 === 0) states.push(state);
      },
      2000,
    );
    const junkAction = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom('bid', 'play', 'pass', 'double', 'redouble', 'gather', 'continue'),
        level: fc.oneof(fc.integer({ min: -1, max: 8 }), fc.anything()),
        strain: fc.oneof(fc.constantFrom('C', 'D', 'H', 'S', 'NT', 'NULLO'), fc.anything()),
        card: fc.oneof(fc.constantFrom(...BRIDGE_DECK), fc.anything()),
      }),
    );
    const seatArb = fc.oneof(fc.integer({ min: -1, max: 4 }), fc.anything());
    fc.assert(
      fc.property(fc.constantFrom(...states), seatArb, junkAction, (state, seat, junk) => {
        const before = structuredClone(state);
        const result = applyBridge(state, seat as number, junk as BridgeAction);
        expect(state).toEqual(before);
        if (result.ok) {
          const legal = legalBridgeActions(state, seat as number).map((a) => JSON.stringify(a));
          expect(legal).toContain(essential(junk as Record<string, unknown>));
        }
      }),
      { numRuns: 500 },
    );
  });
});
