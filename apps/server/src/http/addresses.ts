/**
 * The addresses to open the server at, as `pnpm start` prints them: on a wildcard host
 * (0.0.0.0, ::) `localhost` and every non-internal IPv4 address of the machine, so the
 * friends on the same network know what to type (as Vite's dev server does); otherwise
 * the one host it listens on.
 */
import { networkInterfaces } from 'node:os';

type Interfaces = ReturnType<typeof networkInterfaces>;

const WILDCARD = new Set(['', '0.0.0.0', '::', '[::]']);

export function addressesToOpen(
  host: string,
  port: number,
  interfaces: Interfaces = networkInterfaces(),
): string[] {
  if (!WILDCARD.has(host)) {
    const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    return [`http://${shown}:${port}/`];
  }
  const network = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => `http://${entry.address}:${port}/`);
  return [`http://localhost:${port}/`, ...new Set(network)];
}

/** The one plain line `pnpm start` prints once the server is ready. */
export function readyLine(addresses: string[], webClient: boolean): string {
  const [first, ...others] = addresses;
  const where = others.length === 0 ? first : `${first} (or on your network: ${others.join(', ')})`;
  return webClient
    ? `Kibitz is ready: open ${where}`
    : `Kibitz is ready at ${where}, without the web client: run \`pnpm build\` and restart`;
}
