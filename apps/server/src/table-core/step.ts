/**
 * The table core: `step(state, command, now)` -> the next state, the effects to carry
 * out (in order: store, then send, then timers), and the reply. A refused command
 * returns the same state object and no effects: nothing changed.
 */
import { chat } from './chat.ts';
import {
  type Command,
  type Effect,
  isRefused,
  type Refused,
  type Reply,
  type TimerCommand,
} from './commands.ts';
import { versionOf, viewOf } from './game.ts';
import { askHint, hintSeat } from './hints.ts';
import { addBot, movePlayer, removePlayer, setRules } from './host.ts';
import { forgetMember, join, leave, watch } from './membership.ts';
import { Out } from './out.ts';
import {
  act,
  botMove,
  botTurn,
  continueFor,
  gather,
  handEndTimeout,
  startGame,
  turnTimeout,
} from './play.ts';
import { leaveSeat, releaseSeat, takeSeat } from './seats.ts';
import { snapshot } from './snapshot.ts';
import { type CoreState, memberAt, type SeatHolder, seatOf } from './state.ts';

export interface StepResult {
  state: CoreState;
  effects: Effect[];
  reply: Reply;
}

export function step(state: CoreState, command: Command, now: number): StepResult {
  const out = new Out(now);
  const next = dispatch(state, out, command);
  if (isRefused(next)) return { state, effects: [], reply: next };
  // A hold outlives the process: it is stored wherever it began, moved or ended.
  if (next.seats !== state.seats) {
    for (const change of holdChanges(state.seats, next.seats)) out.store({ op: 'set-hold', ...change });
  }
  if (out.tableChanged || out.tableTo.length > 0) {
    const payload = snapshot(next, now);
    // Only what others can see counts: a socket joining again as the member it already is
    // changes nothing they see, and is sent the table alone (not 320 tables to everyone).
    const everyone = out.tableChanged && JSON.stringify(payload) !== JSON.stringify(snapshot(state, now));
    const to = everyone
      ? [...next.sockets.keys()]
      : out.tableTo.filter((socketId) => next.sockets.has(socketId));
    out.send(to, { event: 'table', payload });
  }
  return { state: next, effects: out.effects, reply: replyFor(next, command, out) };
}

interface Hold {
  heldUntil: number | null;
  left: boolean;
}

function holdsOf(seats: readonly (SeatHolder | null)[]): Map<string, Hold> {
  const holds = new Map<string, Hold>();
  for (const holder of seats) {
    if (holder != null && (holder.heldUntil !== null || holder.left)) {
      holds.set(holder.memberId, { heldUntil: holder.heldUntil, left: holder.left });
    }
  }
  return holds;
}

/** The holds that began, changed or ended between two seatings. */
function holdChanges(
  before: readonly (SeatHolder | null)[],
  after: readonly (SeatHolder | null)[],
): { playerId: string; heldUntil: number | null; left: boolean }[] {
  const was = holdsOf(before);
  const now = holdsOf(after);
  const changes: { playerId: string; heldUntil: number | null; left: boolean }[] = [];
  for (const [playerId, hold] of now) {
    const old = was.get(playerId);
    if (old?.heldUntil !== hold.heldUntil || old.left !== hold.left) changes.push({ playerId, ...hold });
  }
  for (const playerId of was.keys()) {
    if (!now.has(playerId)) changes.push({ playerId, heldUntil: null, left: false });
  }
  return changes;
}

function dispatch(state: CoreState, out: Out, command: Command): CoreState | Refused {
  switch (command.type) {
    case 'join':
      return join(state, out, command);
    case 'watch':
      return watch(state, out, command.socketId);
    case 'leave':
      return leave(state, out, command.socketId, {});
    case 'take-seat':
      return takeSeat(state, out, command.socketId, command.seat);
    case 'leave-seat':
      return leaveSeat(state, out, command.socketId);
    case 'set-rules':
      return setRules(state, out, command.socketId, command.patch);
    case 'add-bot':
      return addBot(state, out, command);
    case 'move-player':
      return movePlayer(state, out, command);
    case 'remove-player':
      return removePlayer(state, out, command);
    case 'start-game':
      return startGame(state, out, command);
    case 'act':
      return act(state, out, command);
    case 'chat':
      return chat(state, out, command.socketId, command.text);
    case 'hint':
      return askHint(state, out, command);
    case 'bot-move':
      return botMove(state, out, command.seat, command.version, command.action);
    case 'timer':
      return timer(state, out, command.timer);
    case 'shutdown':
      return { ...state, closing: true };
  }
}

function timer(state: CoreState, out: Out, timer: TimerCommand): CoreState | Refused {
  switch (timer.kind) {
    case 'release-seat':
      return releaseSeat(state, out, timer.seat, timer.memberId);
    case 'forget-member':
      return forgetMember(state, out, timer.memberId);
    case 'bot-turn':
      return botTurn(state, out, timer.seat, timer.version);
    case 'turn-timeout':
      return turnTimeout(state, out, timer.seat, timer.version);
    case 'gather':
      return gather(state, out, timer.version);
    case 'continue':
      return continueFor(state, out, timer.seat, timer.version);
    case 'hand-end':
      return handEndTimeout(state, out, timer.phaseSince);
  }
}

/** What a successful command answers, beside `ok: true`. */
function replyFor(state: CoreState, command: Command, out: Out): Reply {
  switch (command.type) {
    case 'join':
    case 'watch': {
      const member = memberAt(state, command.socketId);
      return {
        ok: true,
        table: state.code,
        playerId: member?.id ?? null,
        seat: member === undefined ? null : seatOf(state, member.id),
        host: member !== undefined && member.id === state.hostId,
      };
    }
    case 'add-bot':
      return { ok: true, playerId: command.newId };
    case 'start-game':
      return state.game?.id === command.gameId ? { ok: true, gameId: command.gameId } : { ok: true };
    case 'act':
      return { ok: true, version: versionOf(state.game!) };
    case 'hint': {
      // For the shell's search, never for a socket: the seat's own view, and its game.
      const game = state.game!;
      const seat = hintSeat(state, command.socketId)!;
      return {
        ok: true,
        version: command.version,
        seat,
        game: game.module.id,
        view: viewOf(game.module, game.state, seat),
      };
    }
    default:
      void out;
      return { ok: true };
  }
}
