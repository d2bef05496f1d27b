/** bench:memory's reading of /proc, on text captured from Linux (and on this process's own /proc). */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { descendants, listeningInodes, parseStatus, readTree, totalRss } from './proc-tree.ts';

const STATUS = [
  'Name:\tnode',
  'Umask:\t0022',
  'State:\tS (sleeping)',
  'Tgid:\t4242',
  'Pid:\t4242',
  'PPid:\t4200',
  'VmPeak:\t 1200000 kB',
  'VmRSS:\t  153600 kB',
  'RssAnon:\t  102400 kB',
  'RssFile:\t   49152 kB',
  'RssShmem:\t    2048 kB',
  'Threads:\t11',
  '',
].join('\n');

const TCP = [
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 0100007F:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 99814 1 0000000012b1f918 100 0 0 10 0',
  '   1: 0100007F:0BB8 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 99900 1 0000000012b1f918 20 4 30 10 -1',
  '   2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 6876 1 000000001ff40bd6 100 0 0 10 0',
  '',
].join('\n');

describe('reading /proc', () => {
  it('takes a status file apart: ids, name, threads, resident memory and its parts', () => {
    expect(parseStatus(STATUS)).toEqual({
      pid: 4242,
      ppid: 4200,
      name: 'node',
      threads: 11,
      rssKiB: 153600,
      rssAnonKiB: 102400,
      rssFileKiB: 49152 + 2048,
    });
  });

  it('a zombie has no memory lines: nothing resident; a file without ids is no process', () => {
    const zombie = STATUS.split('\n').filter((line) => !line.startsWith('VmRSS') && !line.startsWith('Rss'));
    expect(parseStatus(zombie.join('\n'))).toMatchObject({
      pid: 4242,
      rssKiB: 0,
      rssAnonKiB: 0,
      rssFileKiB: 0,
    });
    expect(parseStatus('')).toBeNull();
    expect(parseStatus(STATUS.replace('Pid:\t4242', 'Pid:\tx'))).toBeNull();
  });

  it('finds the sockets listening on a port (hex), not its connections nor other ports', () => {
    expect(listeningInodes(TCP, 3000)).toEqual(['99814']);
    expect(listeningInodes(TCP, 8080)).toEqual(['6876']);
    expect(listeningInodes(TCP, 3001)).toEqual([]);
    expect(listeningInodes('', 3000)).toEqual([]);
  });

  it('walks a tree from its root: children and grandchildren, nothing beside it', () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 10],
      [13, 11],
      [20, 1],
      [21, 20],
    ]);
    expect(descendants(parents, 10)).toEqual([10, 11, 12, 13]);
    expect(descendants(parents, 13)).toEqual([13]);
    expect(descendants(parents, 1)).toEqual([1, 10, 20, 11, 12, 21, 13]);
  });

  it('sums resident memory', () => {
    const process = parseStatus(STATUS)!;
    expect(
      totalRss([
        { ...process, command: '' },
        { ...process, rssKiB: 1024, command: '' },
      ]),
    ).toBe(154624);
  });

  it.skipIf(!existsSync('/proc/self/status'))(
    'reads this process: itself at the root, its own resident memory',
    () => {
      const tree = readTree(process.pid, 1);
      expect(tree.processes[0]!.pid).toBe(process.pid);
      expect(tree.processes[0]!.command).toContain('node');
      const own = parseStatus(readFileSync('/proc/self/status', 'utf8'))!;
      // Resident memory moves a little between two reads; the same order of size.
      expect(Math.abs(tree.processes[0]!.rssKiB - own.rssKiB)).toBeLessThan(own.rssKiB / 2);
      expect(tree.totalRssKiB).toBeGreaterThanOrEqual(tree.processes[0]!.rssKiB);
    },
  );

  it.skipIf(!existsSync('/proc/net/tcp'))(
    'names the process listening on a port: this one, while it listens',
    async () => {
      const listener = createServer();
      await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
      const address = listener.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      try {
        expect(readTree(process.pid, port).portPid).toBe(process.pid);
      } finally {
        await new Promise((done) => listener.close(done));
      }
      expect(readTree(process.pid, port).portPid).toBeNull();
    },
  );
});
