/**
 * The bots' pool threads start with the first normal or strong bot, not at boot: a server
 * whose bots are all easy, or that has none, holds no pool thread (counted by name in
 * /proc, so Linux only).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { BOT_THREAD_NAME } from '@kibitz/bots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOver, type TestClient } from '../../testing/clients.ts';
import { openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../../testing/server.ts';

const linux = process.platform === 'linux' && existsSync('/proc/self/task');

/** This process's threads named as bot pool threads (the test server runs in this process). */
function botThreads(): number {
  return readdirSync('/proc/self/task').filter((tid) => {
    try {
      return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === BOT_THREAD_NAME;
    } catch {
      return false; // the thread ended while we looked
    }
  }).length;
}

const westRounds = { variant: 'auction-west', target: { kind: 'rounds', rounds: 1 } };

describe.skipIf(!linux)('the bot pool at a server', () => {
  let test: TestServer;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    // A pool allowed (tests run without one by default), with all the patience its first
    // answer needs (its thread compiles the bots from source here).
    test = await startTestServer({ bots: { threads: 1, patienceMs: 60_000 } });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    for (const client of clients) client.close();
    await test?.dispose();
  });

  async function playWith(levels: readonly ('easy' | 'normal')[]): Promise<void> {
    const { host } = await openTable(test.server.url, westRounds, {
      settings: { trickPauseMs: 0, handEndSeconds: 0 },
    });
    clients.push(host);
    for (const [seat, level] of levels.entries()) {
      const added = await host.request('add-bot', { seat, level });
      if (!added.ok) throw new Error(added.message);
    }
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    await gameOver(host, started.gameId);
  }

  it('has none when ready, none after a game of easy bots, one once a normal bot plays', async () => {
    expect(botThreads()).toBe(0);
    await playWith(['easy', 'easy', 'easy']);
    expect(botThreads()).toBe(0);
    await playWith(['normal', 'easy', 'easy']);
    expect(botThreads()).toBe(1);
  }, 180_000);
});
