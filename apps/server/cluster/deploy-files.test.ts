/**
 * The cluster's deployment files: docker-compose.yml's `cluster` profile (PostgreSQL,
 * Redis, two replicas, HAProxy) and the proxy configuration in deploy/haproxy/, which
 * `pnpm cluster:up` uses too. Docker cannot run here, so this reads the compose file the
 * way compose would and checks that what it names agrees with itself and with the
 * repository; HAProxy itself checks its configuration where it is installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { repoRoot } from '../src/settings.ts';
import { findHaproxy, nodesConfig, proxyConfig } from './processes.ts';

const serviceSchema = z.looseObject({
  image: z.string().optional(),
  build: z.string().optional(),
  profiles: z.array(z.string()).optional(),
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  volumes: z.array(z.string()).optional(),
  ports: z.array(z.string()).optional(),
  depends_on: z
    .union([z.array(z.string()), z.record(z.string(), z.object({ condition: z.string() }))])
    .optional(),
});
const compose = z
  .object({
    services: z.record(z.string(), serviceSchema),
    secrets: z.record(z.string(), z.looseObject({ environment: z.string().optional() })).optional(),
  })
  .parse(parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }));
/** Where settings are documented: the server's README, and the cluster's own (deploy/README.md). */
const settingsDocs = ['apps/server/README.md', 'deploy/README.md']
  .map((file) => readFileSync(join(repoRoot, file), 'utf8'))
  .join('\n');

const inCluster = Object.entries(compose.services).filter(([, service]) =>
  service.profiles?.includes('cluster'),
);
const replicas = inCluster.filter(([, service]) => service.build === '.');
const env = (name: string) => compose.services[name]?.environment ?? {};

describe("docker-compose.yml's cluster profile", () => {
  it('runs PostgreSQL, Redis, two Kibitz replicas and the proxy', () => {
    expect(inCluster.map(([name]) => name).sort()).toEqual(
      ['kibitz-1', 'kibitz-2', 'postgres', 'prometheus', 'proxy', 'redis'].sort(),
    );
    expect(replicas.map(([name]) => name)).toEqual(['kibitz-1', 'kibitz-2']);
  });

  it('gives every replica the same database, Redis and secret, its own id, and trust in the proxy', () => {
    const postgres = env('postgres');
    const database = `postgresql://${postgres.POSTGRES_USER}:${postgres.POSTGRES_PASSWORD}@postgres:5432/${postgres.POSTGRES_DB}`;
    const ids = new Set<unknown>();
    for (const [name] of replicas) {
      const own = env(name);
      expect(own.DATABASE_URL, name).toBe(database);
      expect(own.REDIS_URL, name).toBe('redis://redis:6379');
      expect(own.KIBITZ_SECRET, name).toBe(env('kibitz-1').KIBITZ_SECRET);
      expect(String(own.KIBITZ_TRUST_PROXY), name).toBe('1');
      expect(own.KIBITZ_NODE_ID, name).toBe(name);
      ids.add(own.KIBITZ_NODE_ID);
      expect(compose.services[name]?.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(ids.size).toBe(replicas.length);
  });

  it('closes /metrics with one token on every replica, and Prometheus scrapes each with it', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, as the file holds it
    const fromTheHost = '${KIBITZ_METRICS_TOKEN:-}';
    for (const [name] of replicas) expect(env(name).KIBITZ_METRICS_TOKEN, name).toBe(fromTheHost);
    const prometheus = compose.services.prometheus!;
    const mount = prometheus.volumes?.find((volume) => volume.startsWith('./deploy/prometheus:'));
    expect(mount).toBeDefined();
    const config = parse(readFileSync(join(repoRoot, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: {
        metrics_path?: string;
        authorization?: { type?: string; credentials_file?: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    const [job] = config.scrape_configs;
    expect(config.scrape_configs).toHaveLength(1);
    expect(job!.metrics_path ?? '/metrics').toBe('/metrics');
    // Every replica, directly on the port it listens on (the proxy would pick one of them).
    expect(job!.static_configs.flatMap((group) => group.targets)).toEqual(
      replicas.map(([name]) => `${name}:3000`),
    );
    // The token file is the compose secret made from the variable the replicas read.
    expect(job!.authorization?.type).toBe('Bearer');
    const secret = /^\/run\/secrets\/(.+)$/.exec(job!.authorization?.credentials_file ?? '')?.[1];
    expect(secret).toBeDefined();
    expect((prometheus as { secrets?: string[] }).secrets).toContain(secret);
    expect(compose.secrets?.[secret!]?.environment).toBe('KIBITZ_METRICS_TOKEN');
    // Its page on this machine only.
    expect(prometheus.ports?.every((mapping) => mapping.startsWith('127.0.0.1:'))).toBe(true);
  });

  it('sets on the replicas only settings the server documents', () => {
    const documented = new Set([...settingsDocs.matchAll(/`([A-Z][A-Z_]+)`/g)].map((match) => match[1]));
    for (const [name] of replicas)
      for (const setting of Object.keys(env(name)))
        expect(documented, `${name}: ${setting}`).toContain(setting);
  });

  it("starts the proxy with the repository's configuration, naming exactly the replicas", () => {
    const proxy = compose.services.proxy!;
    const mount = proxy.volumes?.find((volume) => volume.startsWith('./deploy/haproxy:'));
    expect(mount).toBeDefined();
    const inside = mount!.split(':')[1]!;
    const files = (proxy.command ?? []).filter((_, i, argv) => argv[i - 1] === '-f');
    expect(files).toEqual([`${inside}/kibitz.cfg`, `${inside}/nodes-compose.cfg`]);
    for (const file of files)
      expect(existsSync(join(repoRoot, 'deploy/haproxy', file.slice(inside.length)))).toBe(true);
    const servers = [
      ...readFileSync(join(repoRoot, 'deploy/haproxy/nodes-compose.cfg'), 'utf8').matchAll(
        /^\s*server (\S+) (\S+):(\d+)/gm,
      ),
    ];
    // Each server line names a replica by its service name (compose's DNS) on the port it listens on (3000).
    expect(servers.map((match) => match[2])).toEqual(replicas.map(([name]) => name));
    for (const match of servers) expect(match[3]).toBe('3000');
    const port = String(env('proxy').KIBITZ_PROXY_PORT);
    expect(proxy.ports?.some((mapping) => mapping.endsWith(`:${port}`))).toBe(true);
  });
});

const haproxy = findHaproxy();
describe.skipIf('missing' in haproxy)(
  `HAProxy's own check of deploy/haproxy${'missing' in haproxy ? ` (skipped: ${haproxy.missing})` : ''}`,
  () => {
    const check = (nodesFile: string) =>
      execFileSync('path' in haproxy ? haproxy.path : 'haproxy', ['-c', '-f', proxyConfig, '-f', nodesFile], {
        env: { ...process.env, KIBITZ_PROXY_ADDR: '127.0.0.1', KIBITZ_PROXY_PORT: '7199' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });

    it("accepts kibitz.cfg with cluster:up's node list", () => {
      const dir = mkdtempSync(join(tmpdir(), 'kibitz-haproxy-'));
      try {
        const file = join(dir, 'nodes.cfg');
        writeFileSync(
          file,
          nodesConfig([
            { id: 'node-1', port: 7198 },
            { id: 'node-2', port: 7197 },
          ]),
        );
        expect(check(file)).toContain('Configuration file is valid');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("accepts kibitz.cfg with docker-compose's node list", () => {
      expect(check(join(repoRoot, 'deploy/haproxy/nodes-compose.cfg'))).toContain(
        'Configuration file is valid',
      );
    });
  },
);
