/**
 * `/metrics` of a real server (the embedded store) after a game played by server bots:
 * Prometheus' text format, with the counts the server actually went through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOver } from '../../testing/clients.ts';
import { openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../../testing/server.ts';
import { parsePrometheusText } from './prometheus-text.ts';

const TOKEN = 'metrics-test-token-0123456789';
let handle: TestServer;
beforeAll(async () => {
  handle = await startTestServer({ nodeId: 'metrics-test', http: { metricsToken: TOKEN } });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await handle?.dispose();
});

describe('/metrics', () => {
  it('reads in Prometheus text format and counts tables, sockets, actions, log writes and leases', {
    timeout: 120_000,
  }, async () => {
    const { url } = handle.server;
    const { host } = await openTable(url, { variant: 'cutthroat' }, { settings: { handEndSeconds: 0 } });
    for (const seat of [0, 1, 2]) await host.request('add-bot', { seat });
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    await gameOver(host, started.gameId);
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^# HELP kibitz_actions_total /m);
    expect(text).toMatch(/^kibitz_tables\{node="metrics-test"\} 1$/m);
    const samples = parsePrometheusText(text, ['node']);
    // Rows stored (the records list every move, the ones made at once and not logged too).
    const rows = await handle.server.db.prisma.gameAction.count({ where: { gameId: started.gameId } });
    expect(rows).toBeGreaterThan(0);
    expect(samples.get('kibitz_actions_total')).toBe(rows);
    expect(samples.get('kibitz_log_write_seconds_count')).toBe(rows);
    expect(samples.get('kibitz_log_write_seconds_bucket{le="+Inf"}')).toBe(rows);
    expect(samples.get('kibitz_log_write_seconds_sum')).toBeGreaterThan(0);
    expect(samples.get('kibitz_tables')).toBe(1);
    expect(samples.get('kibitz_sockets')).toBe(1);
    expect(samples.get('kibitz_leases')).toBe(1);
    expect(samples.get('kibitz_lease_changes_total{change="acquired"}')).toBe(1);
    expect(samples.has('kibitz_process_resident_memory_bytes')).toBe(true);
  });

  it('refuses what is not the text format', () => {
    expect(() => parsePrometheusText('kibitz_tables one')).toThrow(/not a Prometheus sample line/);
    expect(parsePrometheusText('# HELP x y\nx{a="1",node="n"} 2\ny 3e-7\n', ['node'])).toEqual(
      new Map([
        ['x{a="1"}', 2],
        ['y', 3e-7],
      ]),
    );
  });
});
