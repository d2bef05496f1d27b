/**
 * What the client knows about the table it is at, built only from what the server
 * sent: a pure reducer over parsed server events (the connection module feeds it).
 */
import type { ServerEvent, ServerPayload, TableState, ViewPayload } from '@kibitz/protocol';

export type Welcome = ServerPayload<'welcome'>;

export interface ChatLine {
  id: number;
  playerId: string;
  name: string;
  text: string;
  at: string;
}

export interface Notice {
  id: number;
  /** The event that was refused ("act", "take-seat", ...), when known. */
  event: string | null;
  code: string;
  message: string;
}

/** A view of the table's game, whichever it is (lib/game-view.ts tells them apart). */
export type AnyView = ViewPayload['view'];

export interface GameSnapshot {
  gameId: string;
  version: number;
  view: AnyView;
  /** When this version arrived (ms, this page's clock). */
  receivedAt: number;
  /** When the turn timer makes the default move (ms, this page's clock), or null: no timer runs. */
  turnEndsAt: number | null;
}

export interface TableSession {
  code: string;
  welcome: Welcome | null;
  table: TableState | null;
  game: GameSnapshot | null;
  gameOver: ServerPayload<'game-over'> | null;
  chat: ChatLine[];
  notice: Notice | null;
  /** Set when the host removed us: the reason. */
  removed: string | null;
}

/** A server event as the connection hands it on: a view is already put together (ViewAssembler). */
export type ServerMessage = {
  [E in ServerEvent]: { event: E; payload: E extends 'view' ? ViewPayload : ServerPayload<E> };
}[ServerEvent];

const MAX_CHAT_LINES = 200;
let counter = 0;
const nextId = () => ++counter;

export function emptySession(code: string): TableSession {
  return {
    code,
    welcome: null,
    table: null,
    game: null,
    gameOver: null,
    chat: [],
    notice: null,
    removed: null,
  };
}

export function reduce(session: TableSession, message: ServerMessage, now: number): TableSession {
  switch (message.event) {
    case 'welcome':
      return { ...session, code: message.payload.table, welcome: message.payload, removed: null };
    case 'table': {
      const table = message.payload;
      // A new game at the table: forget the old one's end.
      const gameOver =
        session.gameOver && table.game?.id === session.gameOver.gameId ? session.gameOver : null;
      return { ...session, table, gameOver };
    }
    case 'view': {
      const { gameId, version, view, turnTimeLeft } = message.payload;
      const current = session.game;
      // Views of the same game never go backwards (a late packet after a newer one).
      if (current && current.gameId === gameId && version < current.version) return session;
      // A changed viewer (seat taken or left) resends the same version: take it.
      // The server says how long is left, not when: no need for the two clocks to agree.
      const turnEndsAt = turnTimeLeft === undefined ? null : now + turnTimeLeft;
      return { ...session, game: { gameId, version, view, receivedAt: now, turnEndsAt } };
    }
    case 'game-over':
      return { ...session, gameOver: message.payload };
    case 'chat': {
      const { from, text, at } = message.payload;
      const line: ChatLine = { id: nextId(), playerId: from.playerId, name: from.name, text, at };
      return { ...session, chat: [...session.chat, line].slice(-MAX_CHAT_LINES) };
    }
    case 'rejection':
    case 'protocol-error': {
      const { event, code, message: text } = message.payload;
      return { ...session, notice: { id: nextId(), event, code, message: text } };
    }
    case 'removed':
      return { ...session, removed: message.payload.reason, welcome: null, game: null };
    case 'deal':
    case 'seed-reveal':
      // Fair-deal commitments: nothing on screen depends on them yet.
      return session;
  }
}

/** The viewer's seat: from the table (it changes when they sit or stand), else the view. */
export function mySeat(session: TableSession): number | null {
  const playerId = session.welcome?.playerId ?? null;
  if (playerId !== null && session.table !== null) {
    return session.table.seats.find((seat) => seat.player?.id === playerId)?.seat ?? null;
  }
  const viewer = session.game?.view.viewer;
  return typeof viewer === 'number' ? viewer : null;
}

export function isHost(session: TableSession): boolean {
  const playerId = session.welcome?.playerId ?? null;
  return playerId !== null && session.table?.hostId === playerId;
}

/** A named member (may chat and sit), not an anonymous watcher. */
export function isMember(session: TableSession): boolean {
  return (session.welcome?.playerId ?? null) !== null;
}

export function gameRunning(session: TableSession): boolean {
  return session.table?.game?.status === 'running';
}

/** The view to draw, only if it belongs to the table's current game. */
export function currentView(session: TableSession): AnyView | null {
  const game = session.game;
  if (game === null) return null;
  const tableGame = session.table?.game;
  if (tableGame && tableGame.id !== game.gameId) return null;
  return game.view;
}
