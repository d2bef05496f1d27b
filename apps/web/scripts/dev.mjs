#!/usr/bin/env node
/**
 * `pnpm dev` at the repository root: the game server (restarting on changes, tsx watch)
 * and the web client's Vite dev server (hot reload, forwarding socket.io and /api to the
 * game server) together. Ctrl-C stops both. PORT (default 3000) is the game server's,
 * WEB_PORT (default 5173) the page's.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const web = fileURLToPath(new URL('../', import.meta.url));
const port = process.env.PORT ?? '3000';
const env = { ...process.env, PORT: port, KIBITZ_SERVER: `http://127.0.0.1:${port}` };

const children = [
  {
    name: 'server',
    child: spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...env, HOST: env.HOST ?? '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  },
  {
    name: 'web',
    child: spawn(process.execPath, [join(web, 'node_modules/vite/bin/vite.js'), '--clearScreen', 'false'], {
      cwd: web,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  },
];

for (const { name, child } of children) {
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited (${code ?? 'signal'})`);
    stop(code ?? 1);
  });
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
