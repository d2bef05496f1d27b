/**
 * The processes of a local cluster: Kibitz nodes started straight with node and tsx's
 * loader (so the pid we keep is the process that holds the node's port, not a wrapper),
 * and HAProxy in the foreground with the repository's configuration. Each writes its
 * output to a log file in the cluster's directory; each is detached, so it outlives the
 * `cluster:up` that started it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '../src/settings.ts';

export const serverEntry = join(repoRoot, 'apps/server/src/main.ts');
export const proxyConfig = join(repoRoot, 'deploy/haproxy/kibitz.cfg');

export interface NodeSpec {
  id: string;
  port: number;
  /** The node's own directory: its log, and KIBITZ_DATA_DIR (nothing stored there with PostgreSQL). */
  dir: string;
  /** Added to this process's environment (DATABASE_URL, REDIS_URL, the secret, ...). */
  env: Record<string, string>;
}

export function startNode(spec: NodeSpec): ChildProcess {
  const log = openSync(join(spec.dir, 'node.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      ...spec.env,
      PORT: String(spec.port),
      HOST: '127.0.0.1',
      KIBITZ_DATA_DIR: spec.dir,
      KIBITZ_NODE_ID: spec.id,
      // Every connection comes through our proxy, which appends the client's address.
      KIBITZ_TRUST_PROXY: '1',
    },
  });
  child.unref();
  return child;
}

/** Debian's HAProxy, or null with what to do about it. */
export function findHaproxy(): { path: string } | { missing: string } {
  for (const path of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    try {
      execFileSync(path, ['-v'], { stdio: 'ignore' });
      return { path };
    } catch {
      // not there; try the next place
    }
  }
  try {
    const path = execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
    if (path) return { path };
  } catch {
    // not on PATH either
  }
  return {
    missing:
      'HAProxy is not installed: the cluster needs it as its proxy. On Debian or Ubuntu: `apt-get install -y haproxy` (as root), then run this again.',
  };
}

/** The proxy's node list, read after kibitz.cfg (whose defaults set the hashing and checks). */
export function nodesConfig(nodes: readonly { id: string; port: number }[]): string {
  const servers = nodes.map((node) => `  server ${node.id} 127.0.0.1:${node.port}`);
  return ['# Written by cluster:up: the nodes behind the proxy.', 'backend kibitz', ...servers, ''].join(
    '\n',
  );
}

export async function startProxy(
  haproxy: string,
  dir: string,
  port: number,
  nodes: readonly { id: string; port: number }[],
  host = '127.0.0.1',
): Promise<ChildProcess> {
  const nodesFile = join(dir, 'haproxy-nodes.cfg');
  await writeFile(nodesFile, nodesConfig(nodes));
  const log = openSync(join(dir, 'proxy.log'), 'a');
  const child = spawn(haproxy, ['-db', '-f', proxyConfig, '-f', nodesFile], {
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, KIBITZ_PROXY_ADDR: host, KIBITZ_PROXY_PORT: String(port) },
  });
  child.unref();
  return child;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a running process ('' once it is gone), to check a pid is still ours. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Polls `url` until it answers 200; fails early when `alive()` says the process is gone. */
export async function waitReady(
  url: string,
  options: { timeoutMs: number; alive?: () => boolean; what: string },
): Promise<number> {
  const started = performance.now();
  const deadline = started + options.timeoutMs;
  while (performance.now() < deadline) {
    if (options.alive && !options.alive()) throw new Error(`${options.what} exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${options.what} was not ready within ${Math.round(options.timeoutMs / 1000)} s (${url})`);
}

/** Signals a process and waits for it to go; SIGKILL after `graceMs`. Resolves once it is gone. */
export async function stopProcess(pid: number, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    return; // already gone
  }
  const deadline = performance.now() + graceMs;
  while (isAlive(pid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      return;
    }
    while (isAlive(pid)) await new Promise((r) => setTimeout(r, 20));
  }
}

/** The last lines of a log, to show why a process did not come up. */
export function tail(path: string, lines = 15): string {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Whether something already listens on 127.0.0.1:port (then a new process there would fail to bind). */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
  });
}
