/**
 * A process tree's memory, read from Linux's /proc: which process listens on a port, its
 * descendants, and each one's resident set (VmRSS, with its anonymous and file-backed
 * parts). The parsing is pure (tested on captured text); `readTree` does the reading.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessMemory {
  pid: number;
  ppid: number;
  /** The process's name (its comm). */
  name: string;
  /** Its command line, arguments joined by spaces. */
  command: string;
  threads: number;
  rssKiB: number;
  rssAnonKiB: number;
  rssFileKiB: number;
}

/** The fields of /proc/<pid>/status this bench reads; null if a field is missing. */
export function parseStatus(text: string): Omit<ProcessMemory, 'command'> | null {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  const kib = (name: string) => {
    const match = /^(\d+)\s*kB$/.exec(fields.get(name) ?? '');
    return match ? Number(match[1]) : null;
  };
  const int = (name: string) => {
    const value = fields.get(name);
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
  };
  const pid = int('Pid');
  const ppid = int('PPid');
  const threads = int('Threads');
  const name = fields.get('Name');
  // A zombie (or a kernel thread) has no memory lines: nothing of its own is resident.
  const rssKiB = kib('VmRSS') ?? 0;
  if (pid === null || ppid === null || threads === null || name === undefined) return null;
  return {
    pid,
    ppid,
    name,
    threads,
    rssKiB,
    rssAnonKiB: kib('RssAnon') ?? 0,
    rssFileKiB: (kib('RssFile') ?? 0) + (kib('RssShmem') ?? 0),
  };
}

/**
 * The socket inodes listening on `port` in a /proc/net/tcp or tcp6 table (state 0A is
 * LISTEN; local_address is HEXADDR:HEXPORT; the inode is the 10th column).
 */
export function listeningInodes(table: string, port: number): string[] {
  const inodes: string[] = [];
  for (const line of table.split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    if (columns.length < 10) continue;
    const local = columns[1]!;
    const localPort = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
    if (columns[3] === '0A' && localPort === port) inodes.push(columns[9]!);
  }
  return inodes;
}

/** `root` and every process below it (parent -> child links), root first, then breadth first. */
export function descendants(parents: ReadonlyMap<number, number>, root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) {
    const siblings = children.get(ppid) ?? [];
    siblings.push(pid);
    children.set(ppid, siblings);
  }
  const tree = [root];
  for (let at = 0; at < tree.length; at++)
    tree.push(...(children.get(tree[at]!) ?? []).sort((a, b) => a - b));
  return tree;
}

export interface TreeMemory {
  /** Every process of the tree, root first. */
  processes: ProcessMemory[];
  /** The process holding the listening socket, if one of the tree does. */
  portPid: number | null;
  totalRssKiB: number;
}

export function totalRss(processes: readonly ProcessMemory[]): number {
  return processes.reduce((sum, process) => sum + process.rssKiB, 0);
}

function readOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback; // the process ended while we looked, or is not ours to read
  }
}

/** Every process's parent, from /proc/<pid>/stat (field 4, after the name's closing parenthesis). */
function parentsNow(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOr(() => readFileSync(`/proc/${entry}/stat`, 'utf8'), '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (Number.isInteger(ppid)) parents.set(Number(entry), ppid);
  }
  return parents;
}

/** The tree under `root` now: each process's memory, and which of them listens on `port`. */
export function readTree(root: number, port: number): TreeMemory {
  const pids = descendants(parentsNow(), root);
  const processes: ProcessMemory[] = [];
  for (const pid of pids) {
    const status = parseStatus(readOr(() => readFileSync(`/proc/${pid}/status`, 'utf8'), ''));
    if (status === null) continue;
    const command = readOr(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8'), '')
      .split('\0')
      .filter(Boolean)
      .join(' ');
    processes.push({ ...status, command });
  }
  const inodes = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
      listeningInodes(
        readOr(() => readFileSync(file, 'utf8'), ''),
        port,
      ),
    ),
  );
  const portPid =
    processes.find((process) =>
      readOr(() => readdirSync(`/proc/${process.pid}/fd`), []).some((fd) =>
        inodes.has(
          readOr(() => readlinkSync(`/proc/${process.pid}/fd/${fd}`), '').replace(/^socket:\[(\d+)\]$/, '$1'),
        ),
      ),
    )?.pid ?? null;
  return { processes, portPid, totalRssKiB: totalRss(processes) };
}
