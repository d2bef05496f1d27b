/**
 * Property tests of the table core (issue 12): random runs of commands — joins with
 * good, bad and no tokens, watchers, sockets leaving, seats, host powers from anyone,
 * rules changes, legal and illegal actions at any version, chat, and the clock moving
 * on so holds run out, gone members expire and bots and turn timers play — and after
 * every step the invariants hold, a refused command changes nothing, and once everyone
 * has gone and time has passed the table is idle.
 */
import { seededRandom } from '@kibitz/bots';
import { tableSettingsSchema } from '@kibitz/protocol';
import { type Action, apply, type GameConfig, legalActions, parseConfig } from '@kibitz/rules/pinochle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pinochleState } from '../../testing/games.ts';
import type { Command } from './commands.ts';
import { brokenInvariants, overdue } from './invariants.ts';
import { type CoreLimits, type CoreState, freshTableState } from './state.ts';
import { step } from './step.ts';
import { isIdle, wantedTimers } from './timers.ts';

const LIMITS: CoreLimits = {
  secondMs: 10,
  botDelayMs: 5,
  goneMemberMs: 500,
  maxMembers: 6,
  chatMessages: 2,
  chatWindowMs: 100,
  recentChat: 4,
};

function config(input: object): GameConfig {
  const parsed = parseConfig(input);
  if (!parsed.ok) throw new Error('bad test config');
  return parsed.config;
}

const CONFIGS = [
  { variant: 'cutthroat', target: { kind: 'rounds', rounds: 1 } },
  { variant: 'auction-west', target: { kind: 'rounds', rounds: 1 } },
  { variant: 'double-deck', target: 50 },
  { variant: 'auction-west', minimumBid: 7 }, // refused by the rules
];

function initial(): CoreState {
  const state = freshTableState(
    {
      id: 'room',
      code: 'AAAA-BBBB-CC',
      name: 'Property table',
      listed: false,
      hostId: 'host',
      config: config(CONFIGS[0]!),
      settings: tableSettingsSchema.parse({ seatGraceSeconds: 20 }),
    },
    LIMITS,
  );
  return {
    ...state,
    members: new Map([['host', { id: 'host', name: 'Host', bot: false, botLevel: null, goneSince: null }]]),
    seats: [{ memberId: 'host', heldUntil: 1_000 + 200, left: false }, null, null],
  };
}

/** A command in outline; the run fills in sockets, members and fresh ids from the state. */
type Move =
  | { kind: 'join'; socket: number; claim: 'none' | 'bad' | number; named: boolean }
  | { kind: 'watch' | 'leave' | 'leave-seat' | 'start' | 'new' | 'chat'; socket: number }
  | { kind: 'take-seat' | 'add-bot'; socket: number; seat: number }
  | { kind: 'move'; socket: number; member: number; seat: number | null }
  | { kind: 'remove'; socket: number; member: number }
  | {
      kind: 'rules';
      socket: number;
      config: number | null;
      grace: number | null;
      standIn: boolean | null;
      timer: boolean;
    }
  | { kind: 'play'; socket: number; pick: number }
  | { kind: 'hostile-act'; socket: number; version: number; action: Action }
  | { kind: 'tick'; ms: number };

const socket = fc.integer({ min: 0, max: 3 });
const seat = fc.integer({ min: 0, max: 3 });
const member = fc.integer({ min: 0, max: 7 });
const hostileAction: fc.Arbitrary<Action> = fc.oneof(
  fc.constant<Action>({ type: 'pass' }),
  fc.integer({ min: -5, max: 400 }).map<Action>((amount) => ({ type: 'bid', amount })),
  fc.constant<Action>({ type: 'concede' }),
  fc
    .constantFrom('AS', 'TH', 'KD', 'QC', 'JS', '9H')
    .map((card) => ({ type: 'play', card }) as unknown as Action),
);

const move: fc.Arbitrary<Move> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      socket,
      claim: fc.oneof(fc.constant('none' as const), fc.constant('bad' as const), member),
      named: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'watch' as const,
        'leave' as const,
        'leave-seat' as const,
        'start' as const,
        'new' as const,
        'chat' as const,
      ),
      socket,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constantFrom('take-seat' as const, 'add-bot' as const), socket, seat }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      socket,
      member,
      seat: fc.option(seat, { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), socket, member }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rules' as const),
      socket,
      config: fc.option(fc.integer({ min: 0, max: CONFIGS.length - 1 }), { nil: null }),
      grace: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
      standIn: fc.option(fc.boolean(), { nil: null }),
      timer: fc.boolean(),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('play' as const), socket, pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('hostile-act' as const),
      socket,
      version: fc.integer({ min: -1, max: 60 }),
      action: hostileAction,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 400 }) }),
  },
);

/**
 * The checks after every step call expect() only once something is wrong, for its
 * message: each expect() costs more than a step of the core (profiled: two thirds of
 * this test's time went to vitest's assertion bookkeeping).
 */
function sameMap<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

function holdsIn(state: CoreState): Map<string, string> {
  const holds = new Map<string, string>();
  for (const holder of state.seats) {
    if (holder != null && (holder.heldUntil !== null || holder.left)) {
      holds.set(holder.memberId, `${holder.heldUntil}:${holder.left}`);
    }
  }
  return holds;
}

class Run {
  state = initial();
  now = 1_000;
  #ids = 0;
  steps = 0;
  /** The holds as the database would have them, from the set-hold effects. */
  storedHolds = holdsIn(initial());

  constructor(readonly seed: number) {}

  /** One command: the step's promises checked, its bot requests answered. */
  do(command: Command): void {
    const before = this.state;
    const result = step(before, command, this.now);
    this.steps++;
    if (!result.reply.ok) {
      if (result.state !== before) expect(result.state).toBe(before);
      if (result.effects.length > 0) expect(result.effects).toEqual([]);
    }
    this.state = result.state;
    const broken = brokenInvariants(this.state);
    if (broken.length > 0) expect(broken).toEqual([]);
    // Every hold is stored as it begins, moves or ends (a restart honours it).
    for (const effect of result.effects) {
      if (effect.kind !== 'store' || effect.store.op !== 'set-hold') continue;
      const { playerId, heldUntil, left } = effect.store;
      if (heldUntil === null && !left) this.storedHolds.delete(playerId);
      else this.storedHolds.set(playerId, `${heldUntil}:${left}`);
    }
    const holds = holdsIn(this.state);
    if (!sameMap(this.storedHolds, holds)) expect(this.storedHolds).toEqual(holds);
    for (const effect of result.effects) {
      if (effect.kind !== 'ask-bot') continue;
      const game = pinochleState(this.state.game);
      if (game.version !== effect.version) continue;
      // A random legal move (the shell asks the real bots; here any legal answer will do).
      const legal = legalActions(game, effect.seat);
      const action = legal[Math.floor(seededRandom(`${this.seed}:${game.version}`)() * legal.length)]!;
      this.do({ type: 'bot-move', seat: effect.seat, version: effect.version, action });
    }
  }

  /** The clock moves on: every timer due by then fires, in order. */
  tick(ms: number): void {
    this.now += ms;
    for (let fired = 0; fired < 5_000; fired++) {
      const due = wantedTimers(this.state)
        .filter((timer) => timer.at <= this.now)
        .sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      const was = this.state;
      this.do({ type: 'timer', timer: due.command });
      // A timer that changes nothing is no longer wanted (it names what it answers).
      if (this.state === was && wantedTimers(this.state).some((t) => t.key === due.key)) {
        expect.fail(`timer ${due.key} changed nothing yet is still wanted`);
      }
    }
    const late = overdue(this.state, this.now);
    if (late.length > 0) expect(late).toEqual([]);
  }

  memberId(index: number): string {
    const ids = [...this.state.members.keys()];
    return ids[index % Math.max(1, ids.length)] ?? 'nobody';
  }

  apply(move: Move): unknown {
    const socketId = 'kind' in move && 'socket' in move ? `s${move.socket}` : '';
    switch (move.kind) {
      case 'join': {
        const claim =
          move.claim === 'none' ? null : move.claim === 'bad' ? 'bad-token' : this.memberId(move.claim);
        this.do({
          type: 'join',
          socketId,
          displayName: move.named ? `Guest ${move.socket}` : null,
          claim,
          newId: `m${this.#ids++}`,
        });
        return;
      }
      case 'watch':
        return this.do({ type: 'watch', socketId });
      case 'leave':
        return this.do({ type: 'leave', socketId });
      case 'leave-seat':
        return this.do({ type: 'leave-seat', socketId });
      case 'chat':
        return this.do({ type: 'chat', socketId, text: 'hello' });
      case 'start':
      case 'new':
        return this.do({
          type: 'start-game',
          socketId,
          kind: move.kind,
          gameId: `g${this.#ids++}`,
          seed: `seed-${this.seed}-${this.#ids}`,
        });
      case 'take-seat':
        return this.do({ type: 'take-seat', socketId, seat: move.seat });
      case 'add-bot':
        return this.do({
          type: 'add-bot',
          socketId,
          seat: move.seat,
          level: 'easy',
          newId: `b${this.#ids++}`,
          gameId: `g${this.#ids++}`,
          seed: `seed-${this.seed}-${this.#ids}`,
        });
      case 'move':
        return this.do({
          type: 'move-player',
          socketId,
          playerId: this.memberId(move.member),
          seat: move.seat,
        });
      case 'remove':
        return this.do({ type: 'remove-player', socketId, playerId: this.memberId(move.member) });
      case 'rules':
        return this.do({
          type: 'set-rules',
          socketId,
          patch: {
            ...(move.config === null ? {} : { config: CONFIGS[move.config]! }),
            settings: {
              ...(move.grace === null ? {} : { seatGraceSeconds: move.grace }),
              ...(move.standIn === null ? {} : { botStandIn: move.standIn }),
              turnTimerSeconds: move.timer ? 5 : null,
            },
          },
        });
      case 'play': {
        // A legal action for whoever sits behind this socket, when it is their turn.
        const game = this.state.game ? pinochleState(this.state.game) : undefined;
        const memberId = this.state.sockets.get(socketId);
        const at = memberId == null ? -1 : this.state.seats.findIndex((h) => h?.memberId === memberId);
        if (game === undefined || at === -1 || !game.toAct.includes(at)) {
          return this.do({ type: 'act', socketId, version: game?.version ?? 0, action: { type: 'pass' } });
        }
        const legal = legalActions(game, at);
        const action = legal[move.pick % legal.length]!;
        if (!apply(game, at, action).ok)
          expect.fail(`legalActions offered ${JSON.stringify(action)}, apply refused it`);
        return this.do({ type: 'act', socketId, version: game.version, action });
      }
      case 'hostile-act':
        return this.do({ type: 'act', socketId, version: move.version, action: move.action });
      case 'tick':
        return this.tick(move.ms);
    }
  }

  /** Everyone leaves; then time passes until nothing more is due. */
  drain(): void {
    for (const socketId of [...this.state.sockets.keys()]) this.do({ type: 'leave', socketId });
    for (let round = 0; round < 2_000 && wantedTimers(this.state).length > 0; round++) this.tick(1_000);
  }
}

describe('the table core', () => {
  it('keeps its invariants over 10,000 random runs of commands, and goes idle when everyone has gone', () => {
    let steps = 0;
    let games = 0;
    let finished = 0;
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom('empty', 'bots', 'game', 'guests'),
        fc.array(move, { maxLength: 40, size: 'medium' }),
        (seed, setup, moves) => {
          const run = new Run(seed);
          // The host arrives first (as after create-table); most runs begin with a table set up.
          run.do({ type: 'join', socketId: 's0', displayName: null, claim: 'host', newId: 'x' });
          if (setup === 'guests') {
            for (const seat of [1, 2]) {
              run.apply({ kind: 'join', socket: seat, claim: 'none', named: true });
              run.apply({ kind: 'take-seat', socket: seat, seat });
            }
          }
          if (setup !== 'empty') for (const seat of [1, 2]) run.apply({ kind: 'add-bot', socket: 0, seat });
          if (setup === 'game' || setup === 'guests') run.apply({ kind: 'start', socket: 0 });
          for (const m of moves) run.apply(m);
          run.drain();
          const left = wantedTimers(run.state);
          if (left.length > 0) expect(left).toEqual([]);
          if (!isIdle(run.state)) expect.fail('the table is not idle once everyone has gone');
          steps += run.steps;
          games += run.state.gamesPlayed;
          if (run.state.game != null && pinochleState(run.state.game).result !== null) finished++;
        },
      ),
      { numRuns: 10_000, seed: 12, endOnFailure: true },
    );
    // The runs reach far: many games started, and many played to the end.
    expect(steps).toBeGreaterThan(50_000);
    expect(games).toBeGreaterThan(500);
    expect(finished).toBeGreaterThan(10);
    console.log(
      `table core: ${steps} steps, ${games} games started, ${finished} runs ending with a finished game`,
    );
  }, 120_000);
});
