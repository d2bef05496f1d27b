/**
 * A local cluster without Docker: N Kibitz nodes on ports P+1…P+N sharing PostgreSQL and
 * Redis, HAProxy on port P in front of them (deploy/haproxy/). `startCluster` is what
 * `pnpm cluster:up` runs, `stopCluster` what `pnpm cluster:down` runs; the cluster test
 * drives the same code.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ClusterFile, readClusterFile, writeClusterFile } from './cluster-file.ts';
import {
  commandLine,
  findHaproxy,
  isAlive,
  type NodeSpec,
  portTaken,
  proxyConfig,
  startNode,
  startProxy,
  stopProcess,
  tail,
  waitReady,
} from './processes.ts';

export interface ClusterOptions {
  nodes: number;
  /** The proxy's port; node i listens on port + i. */
  port: number;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** The proxy's address (default 127.0.0.1; the nodes always listen on 127.0.0.1). */
  host?: string;
  /** More environment for every node (the test shortens the lease, say). */
  env?: Record<string, string>;
  /** How long a node may take to migrate and recover before cluster:up gives up. */
  readyTimeoutMs?: number;
}

export interface RunningCluster {
  file: ClusterFile;
  /** Node i's settings, to start it again after a kill (the test's rolling restart). */
  specs: NodeSpec[];
}

export function nodeId(index: number): string {
  return `node-${index}`;
}

/**
 * The secret that signs guest tokens, the same on every node so that a token issued by
 * one is valid on all: KIBITZ_SECRET when set, else one generated into DIR once.
 */
async function clusterSecret(dataDir: string): Promise<string> {
  if (process.env.KIBITZ_SECRET) return process.env.KIBITZ_SECRET;
  const path = join(dataDir, 'secret');
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    await writeFile(path, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const haproxy = findHaproxy();
  if ('missing' in haproxy) throw new Error(haproxy.missing);
  await mkdir(options.dataDir, { recursive: true });
  const secret = await clusterSecret(options.dataDir);
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const specs: NodeSpec[] = [];
  for (let index = 1; index <= options.nodes; index++) {
    const dir = join(options.dataDir, nodeId(index));
    await mkdir(dir, { recursive: true });
    specs.push({
      id: nodeId(index),
      port: options.port + index,
      dir,
      env: {
        ...options.env,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        KIBITZ_SECRET: secret,
      },
    });
  }
  // A port already taken would be answered by whatever holds it (an earlier cluster): refuse.
  for (const port of [options.port, ...specs.map((spec) => spec.port)])
    if (await portTaken(port))
      throw new Error(`port ${port} is already in use (a cluster still running there?)`);
  const started: number[] = [];
  const file: ClusterFile = {
    proxy: { port: options.port, pid: 0 },
    nodes: [],
    redis: { url: options.redisUrl },
  };
  try {
    // The first node alone applies pending migrations; the others then start side by side.
    const [first, ...others] = specs;
    if (first) file.nodes.push(await launchNode(first, readyTimeoutMs, started));
    file.nodes.push(...(await Promise.all(others.map((spec) => launchNode(spec, readyTimeoutMs, started)))));
    const proxy = await startProxy(haproxy.path, options.dataDir, options.port, specs, options.host);
    if (proxy.pid === undefined) throw new Error('HAProxy could not be started');
    started.push(proxy.pid);
    file.proxy.pid = proxy.pid;
    const proxyLog = join(options.dataDir, 'proxy.log');
    await waitReady(`http://127.0.0.1:${options.port}/readyz`, {
      timeoutMs: 15_000,
      alive: () => isAlive(proxy.pid!),
      what: `HAProxy on port ${options.port} (${proxyConfig})`,
    }).catch((error: Error) => {
      throw new Error(`${error.message}; the end of its log (${proxyLog}):\n${tail(proxyLog)}`);
    });
    await writeClusterFile(options.dataDir, file);
    return { file, specs };
  } catch (error) {
    await Promise.all(started.map((pid) => stopProcess(pid, 'SIGTERM', 10_000)));
    throw error;
  }
}

/** Starts one node and waits until its /readyz answers 200. */
export async function launchNode(
  spec: NodeSpec,
  readyTimeoutMs: number,
  started: number[] = [],
): Promise<ClusterFile['nodes'][number]> {
  if (await portTaken(spec.port)) throw new Error(`${spec.id}: port ${spec.port} is already in use`);
  const child = startNode(spec);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${spec.id} could not be started`);
  started.push(pid);
  const log = join(spec.dir, 'node.log');
  try {
    await waitReady(`http://127.0.0.1:${spec.port}/readyz`, {
      timeoutMs: readyTimeoutMs,
      alive: () => isAlive(pid),
      what: `${spec.id} on port ${spec.port}`,
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; the end of its log (${log}):\n${tail(log)}`);
  }
  return { id: spec.id, pid, port: spec.port };
}

/**
 * Stops what DIR/cluster.json lists: the proxy, then the nodes with SIGTERM (each hands
 * its tables over and closes; SIGKILL after `graceMs`). A pid that now belongs to some
 * other program (reused after a reboot) is left alone.
 */
export async function stopCluster(dataDir: string, graceMs = 20_000): Promise<string[]> {
  const file = await readClusterFile(dataDir);
  const report: string[] = [];
  const stop = async (what: string, pid: number, looksLike: RegExp) => {
    if (!isAlive(pid)) {
      report.push(`${what} (pid ${pid}) was not running`);
      return;
    }
    if (!looksLike.test(commandLine(pid))) {
      report.push(`${what}: pid ${pid} is now another program; left alone`);
      return;
    }
    await stopProcess(pid, 'SIGTERM', graceMs);
    report.push(`${what} (pid ${pid}) stopped`);
  };
  await Promise.all(
    file.nodes.map((node) =>
      stop(`${node.id} on port ${node.port}`, node.pid, /apps\/server\/src\/main\.ts/),
    ),
  );
  await stop(`proxy on port ${file.proxy.port}`, file.proxy.pid, /haproxy/);
  if (file.supervisor) await stop('supervisor', file.supervisor.pid, /cluster/);
  return report;
}
