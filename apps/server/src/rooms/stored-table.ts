/**
 * A table's state as stored: a new table's empty state, and a known one's rebuilt from
 * the database (members, held seats, recent chat) and its game from its log
 * (`table-core/restore.ts`), as the lobby loads it on demand, at start-up or on a take-over.
 */
import { BOT_LEVELS } from '@kibitz/bots';
import { type TableSettings, tableSettingsSchema } from '@kibitz/protocol';
import type { Prisma, StoredRoom } from '../db/index.ts';
import { type GameAction, parseTableConfig, type TableConfig } from '../table-core/game.ts';
import { resumeAtOnce } from '../table-core/play.ts';
import { restoreGame } from '../table-core/restore.ts';
import {
  type BotLevel,
  type CoreLimits,
  type CoreState,
  freshTableState,
  type GameRecord,
  type Member,
} from '../table-core/state.ts';
import type { TableContext } from './context.ts';

/** Messages a newcomer is shown (and reloaded from the database after a restart). */
export const RECENT_CHAT = 50;

/** What a table keeps and how long things take, from the server's settings. */
export function coreLimits(ctx: TableContext): CoreLimits {
  return {
    secondMs: ctx.timing.secondMs,
    botDelayMs: ctx.timing.botDelayMs,
    goneMemberMs: 300 * ctx.timing.secondMs,
    maxMembers: 64,
    chatMessages: ctx.chat.messages,
    chatWindowMs: ctx.chat.windowMs,
    recentChat: RECENT_CHAT,
  };
}

export function emptyTable(ctx: TableContext, room: Parameters<typeof freshTableState>[0]): CoreState {
  return freshTableState(room, coreLimits(ctx));
}

/** The state of a stored table: its members and seats as stored, its game replayed from its log. */
export async function storedTableState(ctx: TableContext, room: StoredRoom): Promise<CoreState> {
  const config = storedConfig(room.config);
  const settings = parseSettings(room.settings);
  const empty = emptyTable(ctx, {
    id: room.id,
    code: room.code,
    name: room.name,
    listed: room.listed,
    hostId: room.hostPlayerId,
    config,
    settings,
  });
  const now = ctx.now();
  const members = new Map<string, Member>();
  const seats = empty.seats.slice();
  for (const player of room.players) {
    const seated = player.seat !== null && player.seat < seats.length && seats[player.seat] === null;
    members.set(player.id, {
      id: player.id,
      name: player.displayName,
      bot: player.isBot,
      botLevel: player.isBot ? storedBotLevel(player.botLevel) : null,
      // Nobody is connected yet: seated players' seats are held, the others start to expire.
      goneSince: seated || player.isBot ? null : now,
    });
    if (seated) {
      // A hold that began before the restart keeps its deadline (it may be past: then
      // the seat is released at once); anyone else seated is away from now on.
      const held = player.heldUntil?.getTime() ?? now + settings.seatGraceSeconds * ctx.timing.secondMs;
      seats[player.seat!] = {
        memberId: player.id,
        heldUntil: player.isBot ? null : held,
        left: !player.isBot && player.seatLeft === true,
      };
    }
  }
  // What was said here before the restart, for whoever comes back.
  const recentChat = (await ctx.store.recentChat(room.id, RECENT_CHAT)).map((message) => ({
    from: { playerId: message.playerId, name: message.name },
    text: message.text,
    at: message.at.toISOString(),
  }));
  let state: CoreState = { ...empty, members, seats, recentChat };
  const stored = room.game;
  if (stored !== null) {
    state = { ...state, gamesPlayed: stored.number, game: await restoreStoredGame(ctx, state, stored) };
    state = resumeAtOnce(state, ctx.now());
    if (stored.status === 'running' && state.game !== null) {
      const { module } = state.game;
      ctx.logger.info(
        {
          table: state.code,
          game: stored.id,
          version: module.version(state.game.state),
          phase: module.phase(state.game.state),
        },
        'game recovered from its log',
      );
    }
  }
  return state;
}

/** The table's current game, replayed from its log (null: the log does not replay). */
async function restoreStoredGame(
  ctx: TableContext,
  state: CoreState,
  stored: NonNullable<StoredRoom['game']>,
): Promise<GameRecord | null> {
  const config = storedConfig(stored.config);
  const actions = (await ctx.log.loadActions(stored.id)).map((row) => ({
    seat: row.seat,
    action: row.action as unknown as GameAction,
  }));
  const holders = new Map<string, number>();
  state.seats.forEach((holder, seat) => {
    if (holder !== null) holders.set(holder.memberId, seat);
  });
  const restored = restoreGame(
    {
      id: stored.id,
      number: stored.number,
      seed: stored.seed,
      config,
      actions,
      hints: Array.isArray(stored.hints) ? (stored.hints as number[]) : null,
    },
    holders,
    ctx.now(),
  );
  if (!restored.ok) {
    ctx.logger.error(
      {
        table: state.code,
        game: stored.id,
        index: restored.error.index,
        rejection: restored.error.rejection,
      },
      'game log does not replay',
    );
    return null;
  }
  const { game } = restored;
  const { module } = game;
  const finished = module.ownResult(game.state) !== null;
  // The last action was stored but the result was not: finish the record now.
  if (finished && stored.status === 'running') {
    try {
      await ctx.store.finishGame(stored.id, module.ownResult(game.state) as unknown as Prisma.InputJsonValue);
    } catch (error) {
      ctx.logger.error({ err: error, table: state.code, game: stored.id }, 'storing the result failed');
    }
  }
  return game;
}

/** A stored bot's level; bots stored before levels were kept (or with an unknown one) play easy. */
function storedBotLevel(stored: string | null | undefined): BotLevel {
  return BOT_LEVELS.find((level) => level === stored) ?? 'easy';
}

function parseSettings(stored: unknown): TableSettings {
  const parsed = tableSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : tableSettingsSchema.parse({});
}

/** A config as stored with a room or a game: whichever game it names, validated as when it was set. */
function storedConfig(stored: unknown): TableConfig {
  const parsed = parseTableConfig(stored);
  if (!parsed.ok) throw new Error(`a stored config does not validate: ${parsed.message}`);
  return parsed.config;
}
