/** The address line `pnpm start` prints. */
import type { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { addressesToOpen, readyLine } from './addresses.ts';

const machine: ReturnType<typeof networkInterfaces> = {
  lo: [
    {
      address: '127.0.0.1',
      netmask: '255.0.0.0',
      family: 'IPv4',
      mac: '00:00:00:00:00:00',
      internal: true,
      cidr: '127.0.0.1/8',
    },
    {
      address: '::1',
      netmask: 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      family: 'IPv6',
      mac: '00:00:00:00:00:00',
      internal: true,
      cidr: '::1/128',
      scopeid: 0,
    },
  ],
  eth0: [
    {
      address: '192.168.1.20',
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '02:42:ac:11:00:02',
      internal: false,
      cidr: '192.168.1.20/24',
    },
    {
      address: 'fe80::42:acff:fe11:2',
      netmask: 'ffff:ffff:ffff:ffff::',
      family: 'IPv6',
      mac: '02:42:ac:11:00:02',
      internal: false,
      cidr: 'fe80::42:acff:fe11:2/64',
      scopeid: 2,
    },
  ],
  wlan0: [
    {
      address: '10.0.0.7',
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '02:42:ac:11:00:03',
      internal: false,
      cidr: '10.0.0.7/24',
    },
  ],
};

describe('addresses to open', () => {
  it('lists localhost and every outside IPv4 address when listening on all of them', () => {
    expect(addressesToOpen('0.0.0.0', 3000, machine)).toEqual([
      'http://localhost:3000/',
      'http://192.168.1.20:3000/',
      'http://10.0.0.7:3000/',
    ]);
    expect(addressesToOpen('::', 8080, machine)[0]).toBe('http://localhost:8080/');
    expect(addressesToOpen('0.0.0.0', 3000, { lo: machine.lo })).toEqual(['http://localhost:3000/']);
  });

  it('names only the host it listens on otherwise', () => {
    expect(addressesToOpen('127.0.0.1', 3000, machine)).toEqual(['http://127.0.0.1:3000/']);
    expect(addressesToOpen('192.168.1.20', 3000, machine)).toEqual(['http://192.168.1.20:3000/']);
    expect(addressesToOpen('::1', 3000, machine)).toEqual(['http://[::1]:3000/']);
  });

  it('says it in one plain line', () => {
    const line = readyLine(addressesToOpen('0.0.0.0', 3000, machine), true);
    expect(line).toBe(
      'Kibitz is ready: open http://localhost:3000/ (or on your network: http://192.168.1.20:3000/, http://10.0.0.7:3000/)',
    );
    expect(line).not.toContain('\n');
    expect(readyLine(['http://127.0.0.1:3000/'], true)).toBe('Kibitz is ready: open http://127.0.0.1:3000/');
    expect(readyLine(['http://127.0.0.1:3000/'], false)).toContain('pnpm build');
  });
});
