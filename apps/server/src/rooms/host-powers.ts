/** What only the host may do: set the rules, seat bots, move and remove players. */
import { randomUUID } from 'node:crypto';
import type { ClientPayload } from '@kibitz/protocol';
import { tableSettingsSchema } from '@kibitz/protocol';
import { parseConfig, seatCount } from '@kibitz/rules';
import { newMember } from './member.ts';
import { done, type Outcome, type Refusal, refuse } from './outcome.ts';
import { playAgainIfAgreed } from './play-again.ts';
import { releaseLeftSeat } from './seat-holds.ts';
import { seatMember, seatProblem } from './seating.ts';
import type { Table } from './table.ts';

function hostCheck(table: Table, socketId: string): Refusal | null {
  if (table.closing) return refuse('shutting-down', 'The server is shutting down');
  return table.isHost(socketId) ? null : refuse('not-host', 'Only the host can do that');
}

function gameRunning(table: Table): boolean {
  return table.game !== null && !table.game.finished;
}

export async function setRules(
  table: Table,
  socketId: string,
  patch: ClientPayload<'set-rules'>,
): Promise<Outcome> {
  const problem = hostCheck(table, socketId);
  if (problem) return problem;
  if ((patch.config || patch.settings) && gameRunning(table)) {
    return refuse('game-running', 'Rules can change only between games');
  }
  let config = table.config;
  if (patch.config) {
    const parsed = parseConfig(patch.config);
    if (!parsed.ok) {
      return refuse(
        'bad-config',
        parsed.errors.map((error) => `${error.option}: ${error.message}`).join('; '),
      );
    }
    config = parsed.config;
  }
  const settings = tableSettingsSchema.parse({ ...table.settings, ...patch.settings });
  // A switch from four seats to three sends whoever sat in the fourth to the spectators.
  const seats = seatCount(config);
  const displaced = table.seats.slice(seats).flatMap((id) => (id === null ? [] : [table.members.get(id)!]));
  await table.ctx.store.updateRoom(table.id, {
    config,
    variant: config.variant,
    settings,
    ...(patch.name === undefined ? {} : { name: patch.name }),
    ...(patch.listed === undefined ? {} : { listed: patch.listed }),
  });
  for (const member of displaced) {
    if (member.bot) await removeMember(table, member.id, 'the table has fewer seats now');
    else await seatMember(table, member, null);
  }
  table.config = config;
  table.settings = settings;
  table.seats = Array.from({ length: seats }, (_, seat) => table.seats[seat] ?? null);
  if (patch.name !== undefined) table.name = patch.name;
  if (patch.listed !== undefined) table.listed = patch.listed;
  table.broadcastTable();
  table.autoplay.reschedule();
  return done;
}

export async function addBot(
  table: Table,
  socketId: string,
  seat: number,
): Promise<Outcome<{ playerId: string }>> {
  const problem = hostCheck(table, socketId);
  if (problem) return problem;
  const bot = newMember(randomUUID(), `Bot ${seat + 1}`, { bot: true });
  const seatRefusal = seatProblem(table, bot, seat);
  if (seatRefusal) return seatRefusal;
  await table.ctx.store.addPlayer(table.id, { id: bot.id, displayName: bot.name, seat, isBot: true });
  bot.seat = seat;
  table.addMember(bot);
  if (gameRunning(table)) table.game!.seatHolders.set(bot.id, seat);
  table.broadcastTable();
  table.autoplay.reschedule();
  // The last empty seat filled after every human asked to play again: the next game starts.
  await playAgainIfAgreed(table);
  return { ok: true, playerId: bot.id };
}

export async function movePlayer(
  table: Table,
  socketId: string,
  playerId: string,
  seat: number | null,
): Promise<Outcome> {
  const problem = hostCheck(table, socketId);
  if (problem) return problem;
  const member = table.members.get(playerId);
  if (member === undefined) return refuse('no-such-player', 'No such player at this table');
  if (seat === null) {
    // A bot has nowhere to go but out.
    if (member.bot) return removeMember(table, member.id, 'moved out');
    if (member.seat !== null) await seatMember(table, member, null);
    return done;
  }
  const seatRefusal = seatProblem(table, member, seat);
  if (seatRefusal) return seatRefusal;
  if (member.seat !== seat) await seatMember(table, member, seat);
  return done;
}

export async function removePlayer(table: Table, socketId: string, playerId: string): Promise<Outcome> {
  const problem = hostCheck(table, socketId);
  if (problem) return problem;
  if (playerId === table.hostId) return refuse('no-such-player', 'The host cannot remove themselves');
  if (!table.members.has(playerId)) return refuse('no-such-player', 'No such player at this table');
  return removeMember(table, playerId, 'removed by the host');
}

/** Takes a member off the table for good: their token no longer admits them. */
async function removeMember(table: Table, playerId: string, reason: string): Promise<Outcome> {
  const member = table.members.get(playerId)!;
  await table.ctx.store.removePlayer(playerId);
  if (member.seat !== null && table.seats[member.seat] === playerId) table.seats[member.seat] = null;
  if (member.seat !== null) table.playAgain.delete(member.seat);
  if (member.holdTimer !== null) clearTimeout(member.holdTimer);
  for (const [seat, hold] of table.heldSeats) if (hold.memberId === playerId) releaseLeftSeat(table, seat);
  table.members.delete(playerId);
  const sockets = [...member.sockets];
  table.emit(sockets, 'removed', { code: table.code, reason });
  for (const socketId of sockets) {
    table.forgetSocket(socketId);
    table.ctx.output.release(socketId);
  }
  table.broadcastTable();
  table.autoplay.reschedule();
  return done;
}
