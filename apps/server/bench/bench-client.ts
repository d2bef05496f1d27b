/** A light bench player: plays its seat with the heuristic bot and reports deliveries, keeping nothing. */
import { heuristicBot } from '@kibitz/bots/pinochle';
import { type ServerPayload, ViewAssembler } from '@kibitz/protocol';
import type { GameView } from '@kibitz/rules/pinochle';
import { io, type Socket } from 'socket.io-client';
import type { DeliveryClock } from './measure.ts';

export async function connect(url: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * Counts every view delivered; if `play` is set, answers its own turns: at once, or after
 * a human's think time (`thinkMs` on average, spread evenly from half to one and a half of
 * it) for a human-paced bench.
 */
export function follow(
  socket: Socket,
  table: number,
  clock: DeliveryClock,
  counters: { actions: number },
  play: boolean,
  thinkMs = 0,
) {
  let acted = -1;
  // Like every client: each view put together with the one before (view-delta.ts).
  // The bench's tables play Pinochle.
  const views = new ViewAssembler<GameView>();
  socket.on('view', (sent: ServerPayload<'view'>) => {
    const { gameId, version, view } = views.assemble(sent);
    // Versions start again with every game: the clock keys them by table and game.
    const key = `${table}:${gameId}`;
    clock.delivered(key, socket.id ?? '', version);
    if (!play || view.viewer === 'spectator' || view.prompt === null || !view.toAct.includes(view.viewer))
      return;
    // The bench's tables have no result panel (handEndSeconds 0): the server continues at once.
    if (view.prompt.kind === 'continue') return;
    if (acted === version) return;
    acted = version;
    const action = heuristicBot.decide(view, Math.random);
    const act = () => {
      // The latency clock starts when the action leaves, not while the player thinks.
      clock.sent(key, version);
      counters.actions++;
      socket.emit('act', { version, action });
    };
    if (thinkMs > 0) setTimeout(act, thinkMs * (0.5 + Math.random()));
    else act();
  });
}
