/** Limits per client address: the pieces, then a server that enforces them over real sockets. */
import { connectErrorDataSchema } from '@kibitz/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../testing/clients.ts';
import { SETUP_TIMEOUT, startTestServer, type TestServer } from '../../testing/server.ts';
import { addressKey, clientAddress, PerAddressLimit } from './address-limits.ts';

describe('client addresses', () => {
  it('takes the socket address, or the last X-Forwarded-For entry behind a trusted proxy', () => {
    expect(clientAddress('10.0.0.5', '203.0.113.7', false)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', '198.51.100.1, 203.0.113.7', true)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.5', ['198.51.100.1', '203.0.113.8 '], true)).toBe('203.0.113.8');
    expect(clientAddress('10.0.0.5', undefined, true)).toBe('10.0.0.5');
    expect(clientAddress(undefined, undefined, false)).toBe('unknown');
  });

  it('counts IPv4 as it is and IPv6 per /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('PerAddressLimit', () => {
  it('allows a minute’s worth, then refuses until the minute is over; addresses apart', async () => {
    const limit = new PerAddressLimit(3);
    const takes = [];
    for (let i = 0; i < 4; i++) takes.push(await limit.take('a'));
    expect(takes).toEqual([true, true, true, false]);
    expect(await limit.take('b')).toBe(true);
    expect(limit.shouldWarn('a')).toBe(true);
    expect(limit.shouldWarn('a')).toBe(false);
  });

  it('does not limit at 0 per minute', async () => {
    const limit = new PerAddressLimit(0);
    for (let i = 0; i < 1000; i++) expect(await limit.take('a')).toBe(true);
  });
});

describe('a server with small limits', () => {
  let handle: TestServer;
  let url: string;
  const clients: TestClient[] = [];
  const from = async (address: string) => {
    const client = await TestClient.connect(url, { headers: { 'x-forwarded-for': address } });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    handle = await startTestServer({
      limits: { connectionsPerMinute: 3, tablesPerMinute: 2, trustProxy: true },
    });
    url = handle.server.url;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    for (const client of clients) client.close();
    await handle?.dispose();
  });

  it('turns away an address opening connections too fast, and no other', async () => {
    for (let i = 0; i < 3; i++) await from('203.0.113.10');
    const refused = await from('203.0.113.10').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/Too many new connections/);
    expect(connectErrorDataSchema.parse((refused as { data: unknown }).data)).toEqual({
      code: 'too-many-connections',
    });
    // Someone else, through the same proxy, is not affected.
    await expect(from('203.0.113.11')).resolves.toBeInstanceOf(TestClient);
  });

  it('refuses a third table a minute from one address, and nothing else', async () => {
    const client = await from('203.0.113.20');
    const open = () =>
      client.request('create-table', { name: 'x', config: { variant: 'cutthroat' }, displayName: 'A' });
    expect(await open()).toMatchObject({ ok: true });
    expect(await open()).toMatchObject({ ok: true });
    expect(await open()).toMatchObject({ ok: false, code: 'too-many-tables' });
    // One refusal channel: asked with an ack, it is answered there only.
    expect(client.all('rejection')).toEqual([]);
    // The same client can still play at the table it has (it sits in seat 0 there).
    expect(await client.request('add-bot', { seat: 1 })).toMatchObject({ ok: true });
    const other = await from('203.0.113.21');
    expect(
      await other.request('create-table', { name: 'y', config: { variant: 'cutthroat' }, displayName: 'B' }),
    ).toMatchObject({ ok: true });
  });
});
