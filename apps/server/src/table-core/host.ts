/** What only the host may do: set the rules, seat bots, move and remove players. */
import {
  type ClientPayload,
  LIVE_SETTINGS,
  type TableSettings,
  tableSettingsSchema,
  withPace,
} from '@kibitz/protocol';
import type { SeatIndex } from '@kibitz/rules';
import { type Refused, refused } from './commands.ts';
import { parseTableConfig, seatCountOf } from './game.ts';
import { removeMember, unseat } from './membership.ts';
import type { Out } from './out.ts';
import { playAgainIfAgreed } from './play.ts';
import { seatMember, seatProblem } from './seats.ts';
import { type BotLevel, type CoreState, gameRunning, memberAt, seatOf } from './state.ts';

function hostCheck(state: CoreState, socketId: string): Refused | null {
  if (state.closing) return refused('shutting-down', 'The server is shutting down');
  const member = memberAt(state, socketId);
  return member !== undefined && member.id === state.hostId
    ? null
    : refused('not-host', 'Only the host can do that');
}

/** The patch changes a setting that waits for the game's end (anything but LIVE_SETTINGS). */
function lockedChange(current: TableSettings, patch: Partial<TableSettings> | undefined): boolean {
  if (patch === undefined) return false;
  const changed = (Object.keys(patch) as (keyof TableSettings)[]).filter(
    (key) => patch[key] !== undefined && patch[key] !== current[key],
  );
  return changed.some((key) => !LIVE_SETTINGS.includes(key));
}

export function setRules(
  state: CoreState,
  out: Out,
  socketId: string,
  patch: ClientPayload<'set-rules'>,
): CoreState | Refused {
  const problem = hostCheck(state, socketId);
  if (problem) return problem;
  if ((patch.config || lockedChange(state.settings, patch.settings)) && gameRunning(state)) {
    return refused('game-running', 'Rules can change only between games');
  }
  let config = state.config;
  if (patch.config) {
    // Any game's config: a table may switch games between games.
    const parsed = parseTableConfig(patch.config);
    if (!parsed.ok) return refused('bad-config', parsed.message);
    config = parsed.config;
  }
  const settings = tableSettingsSchema.parse({ ...state.settings, ...withPace(patch.settings ?? {}) });
  out.store({
    op: 'update-room',
    changes: {
      config,
      settings,
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.listed === undefined ? {} : { listed: patch.listed }),
    },
  });
  // A switch from four seats to three sends whoever sat in the fourth to the spectators.
  const seats = seatCountOf(config);
  let next = state;
  for (const holder of state.seats.slice(seats)) {
    if (holder === null) continue;
    if (next.members.get(holder.memberId)!.bot)
      next = removeMember(next, out, holder.memberId, 'the table has fewer seats now');
    else next = unseat(next, out, holder.memberId);
  }
  next = {
    ...next,
    config,
    settings,
    seats: Array.from({ length: seats }, (_, seat) => next.seats[seat] ?? null),
    name: patch.name ?? next.name,
    listed: patch.listed ?? next.listed,
  };
  out.table();
  return next;
}

export function addBot(
  state: CoreState,
  out: Out,
  command: {
    socketId: string;
    seat: SeatIndex;
    level: BotLevel;
    newId: string;
    gameId: string;
    seed: string;
  },
): CoreState | Refused {
  const problem = hostCheck(state, command.socketId);
  if (problem) return problem;
  const seatRefusal = seatProblem(state, command.newId, command.seat);
  if (seatRefusal) return seatRefusal;
  if (state.members.size >= state.limits.maxMembers)
    return refused('table-full', 'This table has as many members as it can take');
  const name = `Bot ${command.seat + 1}`;
  out.store({
    op: 'add-player',
    player: {
      id: command.newId,
      displayName: name,
      seat: command.seat,
      isBot: true,
      botLevel: command.level,
    },
  });
  const members = new Map(state.members);
  members.set(command.newId, {
    id: command.newId,
    name,
    bot: true,
    botLevel: command.level,
    goneSince: null,
  });
  const seats = state.seats.slice();
  seats[command.seat] = { memberId: command.newId, heldUntil: null, left: false };
  let game = state.game;
  if (game !== null && gameRunning(state)) {
    const holders = new Map(game.holders);
    holders.set(command.newId, command.seat);
    game = { ...game, holders };
  }
  out.table();
  // A bot agrees to play again: it may complete the vote.
  return playAgainIfAgreed({ ...state, members, seats, game }, out, command.gameId, command.seed);
}

export function movePlayer(
  state: CoreState,
  out: Out,
  command: { socketId: string; playerId: string; seat: SeatIndex | null },
): CoreState | Refused {
  const problem = hostCheck(state, command.socketId);
  if (problem) return problem;
  const member = state.members.get(command.playerId);
  if (member === undefined) return refused('no-such-player', 'No such player at this table');
  if (command.seat === null) {
    // A bot has nowhere to go but out.
    if (member.bot) return removeMember(state, out, member.id, 'moved out');
    return unseat(state, out, member.id);
  }
  const seatRefusal = seatProblem(state, member.id, command.seat);
  if (seatRefusal) return seatRefusal;
  if (seatOf(state, member.id) === command.seat) return state;
  return seatMember(state, out, member.id, command.seat);
}

export function removePlayer(
  state: CoreState,
  out: Out,
  command: { socketId: string; playerId: string },
): CoreState | Refused {
  const problem = hostCheck(state, command.socketId);
  if (problem) return problem;
  if (command.playerId === state.hostId)
    return refused('cannot-remove-host', 'The host cannot remove themselves');
  if (!state.members.has(command.playerId)) return refused('no-such-player', 'No such player at this table');
  return removeMember(state, out, command.playerId, 'removed by the host');
}
