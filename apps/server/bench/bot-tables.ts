/**
 * `pnpm bench:server -- --strong-bots N`: beside the bench's tables, N more tables where
 * three server-side bots play each other (the host looks on), game after game: strong
 * bots, whose searches run in the server's bot pool, and as the control the same tables
 * of easy bots, who play the rules of thumb on the socket thread. The bench's own tables
 * are measured as always, so the rounds with either show whether a strong bot's thinking
 * holds up anyone else's table (issue 10: "no rise in other tables' p99").
 */
import { type ServerPayload, ViewAssembler } from '@kibitz/protocol';
import type { Socket } from 'socket.io-client';
import { connect } from './bench-client.ts';

export interface BotTables {
  /** Actions the bots have played so far (versions seen by the onlookers). */
  readonly actions: number;
  close(): void;
}

/** Opens `count` tables of three bots of `level` each and starts their games. */
export async function botTables(url: string, count: number, level: 'easy' | 'strong'): Promise<BotTables> {
  const hosts: Socket[] = [];
  let actions = 0;
  for (let table = 0; table < count; table++) {
    const host = await connect(url);
    hosts.push(host);
    const created = await host.emitWithAck('create-table', {
      name: `${level} bots ${table}`,
      config: { variant: 'cutthroat' },
      settings: { trickPauseMs: 0, handEndSeconds: 0 },
      displayName: 'Host',
    });
    if (!created.ok) throw new Error(`create-table refused: ${created.message}`);
    await host.emitWithAck('leave-seat');
    for (const seat of [0, 1, 2]) {
      const added = await host.emitWithAck('add-bot', { seat, level });
      if (!added.ok) throw new Error(`add-bot refused: ${added.message}`);
    }
    const views = new ViewAssembler();
    let last = -1;
    host.on('view', (sent: ServerPayload<'view'>) => {
      const { version } = views.assemble(sent);
      if (version > last) actions += last < 0 ? 0 : version - last;
      last = version;
    });
    host.on('game-over', () => {
      last = -1;
      host.emit('new-game');
    });
    const started = await host.emitWithAck('start-game');
    if (!started.ok) throw new Error(`start-game refused: ${started.message}`);
  }
  return {
    get actions() {
      return actions;
    },
    close() {
      for (const host of hosts) host.close();
    },
  };
}
