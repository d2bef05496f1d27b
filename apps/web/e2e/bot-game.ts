/**
 * A finished game among bots, played over the socket against the e2e stack's server: the
 * replay page's tests need one of each form, and nobody needs to watch it being played.
 */
import { tableSettingsSchema } from '@kibitz/protocol';
import { io, type Socket } from 'socket.io-client';
import type { Stack } from './harness.ts';

/** The export of a finished game (apps/server's game records). */
export interface FinishedGame {
  id: string;
  /** Points per score account at the end (a side: a player or a partnership). */
  scores: number[];
  result: unknown;
  actions: number;
}

/** Opens a table with `config`, puts a bot in every seat, starts it and resolves once the game is over. */
export async function finishedBotGame(stack: Stack, config: object, seats: number): Promise<FinishedGame> {
  const socket: Socket = io(stack.serverUrl, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  const send = (event: string, payload: unknown = {}) =>
    new Promise<Record<string, unknown>>((resolve) => socket.emit(event, payload, resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    // The pauses of CONTRACT Agreement 2, where the server has them: none, for speed.
    const shape = tableSettingsSchema.shape as Record<string, unknown>;
    const settings = 'trickPauseMs' in shape ? { trickPauseMs: 0, handEndSeconds: 0 } : {};
    const created = await send('create-table', {
      name: 'Replay',
      config,
      listed: false,
      settings,
      displayName: 'Host',
    });
    if (created.ok !== true) throw new Error(`create-table: ${JSON.stringify(created)}`);
    // The creator may have been seated (CONTRACT Agreement 2): bots take every seat.
    await send('leave-seat');
    for (let seat = 0; seat < seats; seat++) {
      const added = await send('add-bot', { seat });
      if (added.ok !== true) throw new Error(`add-bot ${seat}: ${JSON.stringify(added)}`);
    }
    const started = await send('start-game');
    if (started.ok !== true) throw new Error(`start-game: ${JSON.stringify(started)}`);
    const gameId = String(started.gameId);
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${stack.serverUrl}/api/games/${gameId}/export`);
      if (response.ok) {
        const body = (await response.json()) as {
          game: { scores: number[]; result: unknown };
          actions: unknown[];
        };
        return {
          id: gameId,
          scores: body.game.scores,
          result: body.game.result,
          actions: body.actions.length,
        };
      }
      await new Promise((done) => setTimeout(done, 500));
    }
    throw new Error(`game ${gameId} did not end in time`);
  } finally {
    socket.close();
  }
}
