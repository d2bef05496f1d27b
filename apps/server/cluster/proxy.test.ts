/**
 * deploy/haproxy/kibitz.cfg at work, in front of two small HTTP servers standing in for
 * nodes (each answers /readyz and says who it is and what X-Forwarded-For it got): a table
 * code routes the same way in the socket.io handshake and in /t/CODE, the client address
 * reaches the node as the last X-Forwarded-For entry (the one the nodes trust), and when a
 * node dies the proxy's /readyz is 200 again within seconds, every code going to the other.
 * Needs HAProxy (skipped, saying so, without it). Ports 7150–7152.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from '../src/transport/address-limits.ts';
import { findHaproxy, isAlive, startProxy, stopProcess, waitReady } from './processes.ts';

const PORT = 7150;
const proxy = `http://127.0.0.1:${PORT}`;
const haproxy = findHaproxy();

function standIn(id: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ node: id, forwardedFor: request.headers['x-forwarded-for'] ?? null }));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function ask(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${proxy}${path}`, { headers });
  return {
    status: response.status,
    header: response.headers.get('x-kibitz-node'),
    body: (await response.json()) as { node: string; forwardedFor: string | null },
  };
}

const codes = Array.from({ length: 12 }, (_, i) => `T${i}CODE-${(i * 7919).toString(36).toUpperCase()}`);

describe.skipIf('missing' in haproxy)(
  `HAProxy routing by table code${'missing' in haproxy ? ` (skipped: ${haproxy.missing})` : ''}`,
  () => {
    let dir: string;
    const nodes = new Map<string, Server>();
    let proxyPid = 0;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'kibitz-proxy-'));
      nodes.set('node-1', await standIn('node-1', PORT + 1));
      nodes.set('node-2', await standIn('node-2', PORT + 2));
      const child = await startProxy('path' in haproxy ? haproxy.path : 'haproxy', dir, PORT, [
        { id: 'node-1', port: PORT + 1 },
        { id: 'node-2', port: PORT + 2 },
      ]);
      proxyPid = child.pid!;
      await waitReady(`${proxy}/readyz`, {
        timeoutMs: 15_000,
        alive: () => isAlive(proxyPid),
        what: 'HAProxy',
      });
      // Both nodes pass their checks (2 in a row, a second apart) before the test starts.
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }, 30_000);

    afterAll(async () => {
      if (proxyPid) await stopProcess(proxyPid, 'SIGTERM', 5000);
      for (const server of nodes.values()) server.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('sends a code to one node, in the socket.io handshake and in /t/CODE alike, and uses both nodes', async () => {
      const seen = new Set<string>();
      for (const code of codes) {
        const handshake = await ask(`/socket.io/?EIO=4&transport=polling&table=${code}`);
        const page = await ask(`/t/${code}`);
        const again = await ask(`/socket.io/?EIO=4&transport=websocket&table=${code}&t=x`);
        expect(page.body.node, code).toBe(handshake.body.node);
        expect(again.body.node, code).toBe(handshake.body.node);
        expect(handshake.header).toBe(handshake.body.node);
        seen.add(handshake.body.node);
      }
      expect([...seen].sort()).toEqual(['node-1', 'node-2']);
    });

    it("hands the node the client's address as the last X-Forwarded-For entry, which a claimed one cannot displace", async () => {
      const plain = await ask('/api/tables');
      expect(plain.body.forwardedFor).toBe('127.0.0.1');
      const spoofed = await ask('/api/tables', { 'X-Forwarded-For': '203.0.113.9' });
      expect(spoofed.body.forwardedFor).toBe('203.0.113.9, 127.0.0.1');
      // What the nodes count, trusting the proxy (KIBITZ_TRUST_PROXY=1): the real address.
      expect(addressKey(clientAddress('127.0.0.1', spoofed.body.forwardedFor ?? undefined, true))).toBe(
        '127.0.0.1',
      );
    });

    it('sends every code to the other node within seconds of one dying, and /readyz stays answered', async () => {
      const before = new Map<string, string>();
      for (const code of codes) before.set(code, (await ask(`/t/${code}`)).body.node);
      const victim = before.get(codes[0]!)!;
      await new Promise<void>((resolve) => {
        nodes.get(victim)!.close(() => resolve());
        nodes.get(victim)!.closeAllConnections();
      });
      const diedAt = performance.now();
      // Right away a refused connection is dispatched again to the other node.
      expect((await ask('/readyz')).status).toBe(200);
      for (const code of codes) {
        const now = await ask(`/t/${code}`);
        expect(now.status).toBe(200);
        expect(now.body.node).not.toBe(victim);
        // Consistent hashing: a code of the living node stays where it was.
        if (before.get(code) !== victim) expect(now.body.node).toBe(before.get(code));
      }
      expect(performance.now() - diedAt).toBeLessThan(10_000);
    });
  },
);
