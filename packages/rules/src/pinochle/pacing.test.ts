/**
 * Paced hands (config.paced, CONTRACT Agreement 1): a finished trick stays on the table
 * until its winner gathers it ('trick-end'), and a scored hand stays until every seat has
 * continued ('hand-end'). Pacing changes when things happen, never what happens: the same
 * choices give the same hands and scores as an unpaced game.
 */
import { describe, expect, it } from 'vitest';
import { cards } from './cards.ts';
import {
  auctionWestConfigSchema,
  cutthroatConfigSchema,
  defaultConfig,
  doubleDeckConfigSchema,
  type GameConfig,
  parseConfig,
  TABLE_OPTIONS,
  VARIANTS,
  type Variant,
} from './config.ts';
import { apply, createGame, legalActions } from './engine.ts';
import { type LoggedAction, replay } from './replay.ts';
import type { Action, GameState, Seat } from './state.ts';
import { config, gameWithHands, play } from './test-support.ts';
import { winningIndex } from './tricks.ts';
import { view } from './view.ts';

const GATHER: Action = { type: 'gather' };
const CONTINUE: Action = { type: 'continue' };
const pass: Action = { type: 'pass' };

function paced(variant: Variant, options: Record<string, unknown> = {}): GameConfig {
  return config(variant, { ...options, paced: true });
}

const seats = (state: GameState): Seat[] => Array.from({ length: state.seatCount }, (_, seat) => seat);

function refusal(state: GameState, seat: Seat, action: Action): string | null {
  const result = apply(state, seat, action);
  return result.ok ? null : result.rejection.code;
}

/**
 * A plain deterministic player: forehand opens at the lowest bid and the others pass (so
 * most hands are played), otherwise the first legal action that is not a concession.
 */
function choose(state: GameState): { seat: Seat; action: Action } {
  const seat = state.toAct[0]!;
  const actions = legalActions(state, seat);
  if (state.phase === 'bidding') {
    const lowest = actions.find((a) => a.type === 'bid');
    const canPass = actions.some((a) => a.type === 'pass');
    if (lowest !== undefined && (state.hand.bidding.highBid === null || !canPass))
      return { seat, action: lowest };
    return { seat, action: pass };
  }
  return { seat, action: actions.find((a) => a.type !== 'concede') ?? actions[0]! };
}

/** Plays on with `choose` until `done` holds (or the game ends); fails on any refusal. */
function playUntil(state: GameState, done: (s: GameState) => boolean, log: LoggedAction[] = []): GameState {
  let current = state;
  for (let steps = 0; !done(current); steps++) {
    if (current.phase === 'game-over' || steps > 5000)
      throw new Error(`did not get there (${current.phase})`);
    const { seat, action } = choose(current);
    const result = apply(current, seat, action);
    if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.rejection.message}`);
    current = result.state;
    log.push({ seat, action });
  }
  return current;
}

/** Continues for every seat, in order. */
function continueAll(state: GameState): GameState {
  return play(
    state,
    state.toAct.map((seat): [Seat, Action] => [seat, CONTINUE]),
  );
}

describe('the paced option', () => {
  it('is off unless asked for, so stored games and logs replay unchanged', () => {
    for (const variant of VARIANTS) {
      expect(defaultConfig(variant).paced).toBe(false);
      const parsed = parseConfig({ variant, paced: true });
      expect(parsed.ok && parsed.config.paced).toBe(true);
    }
  });

  it('must be true or false', () => {
    expect(parseConfig({ variant: 'cutthroat', paced: 'yes' })).toMatchObject({
      ok: false,
      errors: [{ option: 'paced' }],
    });
  });

  it('is not a house rule: the per-variant house-rule schemas (the form is made from them) leave it out', () => {
    expect(TABLE_OPTIONS).toEqual(['paced']);
    for (const schema of [auctionWestConfigSchema, cutthroatConfigSchema, doubleDeckConfigSchema]) {
      expect(Object.keys(schema.shape)).not.toContain('paced');
    }
  });

  it("keeps double deck's cross-option checks", () => {
    const parsed = parseConfig({ variant: 'double-deck', paced: true, trumpNeedsMarriage: 'after-passing' });
    expect(parsed).toMatchObject({ ok: false, errors: [{ option: 'trumpNeedsMarriage' }] });
  });
});

describe.each(VARIANTS)('paced %s', (variant) => {
  it("'trick-end': the finished trick stays on the table, every card showing, and only its winner may gather it", () => {
    const before = playUntil(
      createGame(paced(variant), `trick-${variant}`),
      (s) => s.phase === 'play' && s.hand.trick.length === s.seatCount - 1,
    );
    const state = playUntil(before, (s) => s.phase === 'trick-end');
    const hand = state.hand;
    expect(hand.trick).toHaveLength(state.seatCount);
    expect(hand.tricks).toEqual(before.hand.tricks);
    expect(hand.won).toEqual(before.hand.won);
    const winner = hand.trick[winningIndex(hand.trick, hand.trump!)]!.seat;
    expect(state.toAct).toEqual([winner]);
    for (const seat of seats(state)) {
      expect(legalActions(state, seat)).toEqual(seat === winner ? [GATHER] : []);
      const seen = view(state, seat);
      expect(seen.trick).toEqual(hand.trick);
      expect(seen.trickWinner).toBe(winner);
      // No prompt for gathering: the server gathers for the winner after a pause.
      expect(seen.prompt).toBeNull();
      expect(seen.handResult).toBeNull();
      if (seat !== winner) expect(refusal(state, seat, GATHER)).toBe('not-your-turn');
    }
    expect(view(state, 'spectator').trickWinner).toBe(winner);
    expect(view(state, 'spectator').trick).toHaveLength(state.seatCount);
    expect(refusal(state, winner, CONTINUE)).toBe('wrong-phase');
    const card = hand.hands[winner]![0]!;
    expect(refusal(state, winner, { type: 'play', card })).toBe('wrong-phase');
    expect(refusal(state, winner, { type: 'concede' })).toBe('wrong-phase');
  });

  it('gather moves the trick onto its winner\'s pile, and the winner leads: "Wer den Stich gemacht hat, spielt zum nächsten Stich aus" [000]', () => {
    const state = playUntil(createGame(paced(variant), `gather-${variant}`), (s) => s.phase === 'trick-end');
    const trick = state.hand.trick;
    const winner = state.toAct[0]!;
    const after = play(state, [[winner, GATHER]]);
    expect(after.phase).toBe('play');
    expect(after.toAct).toEqual([winner]);
    expect(after.version).toBe(state.version + 1);
    expect(after.hand.trick).toEqual([]);
    expect(after.hand.leader).toBe(winner);
    expect(after.hand.tricks.at(-1)).toEqual({ leader: state.hand.leader, cards: trick, winner });
    expect(after.hand.won[winner]).toEqual([...state.hand.won[winner]!, ...trick.map((p) => p.card)]);
    const seen = view(after, 'spectator');
    expect(seen.trickWinner).toBeNull();
    expect(seen.lastTrick?.cards).toEqual(trick);
    expect(seen.tricksWon[winner]).toBe(view(state, 'spectator').tricksWon[winner]! + 1);
    // The state gathered from is untouched (the engine is pure).
    expect(state.hand.trick).toBe(trick);
    expect(state.phase).toBe('trick-end');
    expect(refusal(after, winner, GATHER)).toBe('wrong-phase');
  });

  it("'hand-end': the played hand stays on the table with its last trick, melds and result; every seat is asked to continue", () => {
    const start = createGame(paced(variant), `hand-${variant}`);
    // The plain player may run into a double deck hand with no marriage; play on to a played one.
    let state = playUntil(start, (s) => s.phase === 'hand-end');
    while (state.history.at(-1)!.outcome !== 'played') {
      state = playUntil(continueAll(state), (s) => s.phase === 'hand-end');
    }
    const lastGathered = state.hand.tricks.at(-1)!;
    const result = state.history.at(-1)!;
    expect(state.toAct).toEqual(seats(state));
    expect(state.hand.hands.every((held) => held.length === 0)).toBe(true);
    expect(state.scores).toEqual(
      state.history.reduce(
        (sums, h) => sums.map((sum, side) => sum + h.delta[side]!),
        state.scores.map(() => 0),
      ),
    );
    for (const viewer of [...seats(state), 'spectator' as const]) {
      const seen = view(state, viewer);
      expect(seen.phase).toBe('hand-end');
      expect(seen.deal).toBe(result.deal);
      expect(seen.lastTrick).toEqual(lastGathered);
      expect(seen.lastTrick?.cards).toHaveLength(state.seatCount);
      expect(seen.melds).toEqual(state.hand.melds);
      expect(seen.melds.every((m) => m !== null)).toBe(true);
      if (variant !== 'double-deck') expect(seen.widow).toEqual(state.hand.widow);
      expect(seen.trump).toBe(result.trump);
      expect(seen.handResult).toBe(result);
      expect(seen.trickWinner).toBeNull();
      expect(seen.prompt).toEqual(viewer === 'spectator' ? null : { kind: 'continue' });
    }
    for (const seat of seats(state)) expect(legalActions(state, seat)).toEqual([CONTINUE]);
    expect(refusal(state, 0, GATHER)).toBe('wrong-phase');
    expect(refusal(state, 0, pass)).toBe('wrong-phase');
  });

  it('continue from each seat, in any order; the next deal comes only after the last seat continues', () => {
    const state = playUntil(createGame(paced(variant), `continue-${variant}`), (s) => s.phase === 'hand-end');
    const order = seats(state).reverse();
    let current = state;
    for (const [i, seat] of order.entries()) {
      expect(view(current, seat).prompt).toEqual({ kind: 'continue' });
      current = play(current, [[seat, CONTINUE]]);
      if (i === order.length - 1) break;
      expect(current.phase).toBe('hand-end');
      expect(current.hand).toBe(state.hand);
      expect(current.toAct).toEqual(order.slice(i + 1).reverse());
      // A seat that has continued is not asked again and may not continue twice.
      expect(view(current, seat).prompt).toBeNull();
      expect(legalActions(current, seat)).toEqual([]);
      expect(refusal(current, seat, CONTINUE)).toBe('not-your-turn');
    }
    expect(current.phase).toBe('bidding');
    expect(current.hand.deal).toBe(state.hand.deal + 1);
    expect(current.hand.dealer).toBe((state.hand.dealer + 1) % state.seatCount);
    expect(current.toAct).toEqual([(current.hand.dealer + 1) % state.seatCount]);
    expect(current.history).toBe(state.history);
    expect(current.scores).toBe(state.scores);
    expect(view(current, 0).handResult).toBeNull();
  });

  it('game over comes straight after the last hand, with no hand-end before it', () => {
    const start = createGame(paced(variant), `last-${variant}`);
    // One point short of the target for every side: the next scored hand (almost surely) ends the game.
    const target = start.target!;
    const state = playUntil(
      { ...start, scores: start.scores.map(() => target - 1) },
      (s) => s.phase === 'hand-end' || s.phase === 'game-over',
    );
    expect(state.phase).toBe('game-over');
    expect(state.toAct).toEqual([]);
    for (const viewer of [...seats(state), 'spectator' as const]) {
      expect(view(state, viewer).handResult).toBe(state.history.at(-1));
      expect(view(state, viewer).prompt).toBeNull();
    }
    expect(refusal(state, 0, CONTINUE)).toBe('game-over');
  });

  it('a bidder who concedes: the conceded hand goes through hand-end too', () => {
    const options = variant === 'double-deck' ? { trumpNeedsMarriage: 'not-required' } : {};
    const state = playUntil(
      createGame(paced(variant, options), `concede-${variant}`),
      (s) => s.phase === 'play',
    );
    const after = play(state, [[state.hand.bidder!, { type: 'concede' }]]);
    expect(after.phase).toBe('hand-end');
    expect(after.history.at(-1)!.outcome).toBe('conceded');
    expect(view(after, 'spectator').handResult?.outcome).toBe('conceded');
    expect(after.hand.melds).toBe(state.hand.melds);
    expect(continueAll(after).hand.deal).toBe(state.hand.deal + 1);
  });

  it('a passed-out hand goes through hand-end, each seat still seeing its own cards', () => {
    // Double deck: with "dealer stuck" off all four may pass.
    const options = variant === 'double-deck' ? { dealerStuck: false } : {};
    const start = createGame(paced(variant, options), `passed-${variant}`);
    const after = play(
      start,
      seats(start).map((i): [Seat, Action] => [(start.hand.dealer + 1 + i) % start.seatCount, pass]),
    );
    expect(after.phase).toBe('hand-end');
    expect(after.history.at(-1)!.outcome).toBe('passed-out');
    for (const seat of seats(after)) expect(view(after, seat).hand).toEqual(start.hand.hands[seat]);
    expect(after.toAct).toEqual(seats(after));
    expect(continueAll(after).phase).toBe('bidding');
  });
});

describe('paced hands that end early', () => {
  it('a called redeal goes through hand-end: "fünf 9er und keine Meldung ausser Dix" [000]', () => {
    const hopeless = '9S 9S 9H 9D 9C AS TS JH TH AD TD JC TC JS AH';
    const other = 'KS QS KH QH KD QD KC QC AS AH AD AC TS TH TD';
    const state = gameWithHands(
      paced('auction-west', { hopelessHandRedeal: true }),
      [other, hopeless, other],
      {
        dealer: 0,
      },
    );
    const after = play(state, [[1, { type: 'call-redeal' }]]);
    expect(after.phase).toBe('hand-end');
    expect(view(after, 2).handResult).toMatchObject({ outcome: 'redeal-called', calledBy: 1 });
    expect(continueAll(after).hand.deal).toBe(1);
  });

  it('a double deck bidder without a marriage: "wird die Hand nicht gespielt" [004], through hand-end', () => {
    const noMarriage = 'AS AS AS AS TS TS TS TS JS JS AH AH TH TH JH JD JD AC TC JC';
    const other = 'KS KS QS QS KD KD QD QD KC KC QC QC AD AD TD TD JC JC JH JH';
    const state = gameWithHands(paced('double-deck'), [noMarriage, other, other, other], { dealer: 3 });
    const after = play(state, [
      [0, { type: 'bid', amount: 50 }],
      [1, pass],
      [2, pass],
      [3, pass],
      [0, { type: 'name-trump', suit: 'S' }],
    ]);
    expect(after.phase).toBe('hand-end');
    expect(after.history.at(-1)!.outcome).toBe('no-marriage');
    expect(view(after, 1).hand).toEqual(cards(other));
  });
});

describe('pacing changes when things happen, not what happens', () => {
  it.each(VARIANTS)(
    '%s: the same choices give the same hands and scores paced or not, and replay reproduces both',
    (variant) => {
      const seed = `same-${variant}`;
      const unpacedLog: LoggedAction[] = [];
      const unpaced = playUntil(
        createGame(config(variant), seed),
        (s) => s.history.length >= 3 || s.phase === 'game-over',
        unpacedLog,
      );
      expect(
        unpacedLog.some((entry) => entry.action.type === 'gather' || entry.action.type === 'continue'),
      ).toBe(false);

      // The same actions in a paced game, with the gathers and continues it asks for in between.
      const pacedLog: LoggedAction[] = [];
      let state = createGame(paced(variant), seed);
      const step = (seat: Seat, action: Action) => {
        state = play(state, [[seat, action]]);
        pacedLog.push({ seat, action });
      };
      for (const { seat, action } of unpacedLog) {
        while (state.phase === 'trick-end' || state.phase === 'hand-end') {
          step(state.toAct[0]!, state.phase === 'trick-end' ? GATHER : CONTINUE);
        }
        step(seat, action);
      }
      while (state.phase === 'trick-end') step(state.toAct[0]!, GATHER);
      expect(state.history).toEqual(unpaced.history);
      expect(state.scores).toEqual(unpaced.scores);
      const gathers = pacedLog.filter((entry) => entry.action.type === 'gather').length;
      const tricks = state.history.reduce((sum, h) => sum + h.tricksWon.reduce((a, b) => a + b, 0), 0);
      // In 'hand-end' the hand on the table is already in the history.
      expect(gathers).toBe(tricks + (state.phase === 'hand-end' ? 0 : state.hand.tricks.length));
      expect(gathers).toBeGreaterThan(0);

      const replayedPaced = replay(paced(variant), seed, pacedLog);
      expect(replayedPaced.ok && replayedPaced.state).toEqual(state);
      const replayedUnpaced = replay(config(variant), seed, unpacedLog);
      expect(replayedUnpaced.ok && replayedUnpaced.state).toEqual(unpaced);
      // Paced actions are refused in an unpaced game: it never waits.
      const refused = replay(config(variant), seed, pacedLog);
      expect(refused.ok ? null : refused.rejection.code).toBe('wrong-phase');
    },
  );

  it('an unpaced game never stops at trick-end or hand-end, and its views name no trick winner', () => {
    for (const variant of VARIANTS) {
      let state = createGame(config(variant), `never-${variant}`);
      const phases = new Set<string>();
      state = playUntil(state, (s) => {
        phases.add(s.phase);
        expect(view(s, 'spectator').trickWinner).toBeNull();
        expect(view(s, 'spectator').handResult).toBeNull();
        return s.history.length >= 2;
      });
      expect(phases.has('play')).toBe(true);
      expect(phases.has('trick-end') || phases.has('hand-end')).toBe(false);
    }
  });
});
