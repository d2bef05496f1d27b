/** Requests are logged one line each, at debug level: nothing per request at the default level. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log.ts';

async function linesFor(level: string): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
  app.get('/readyz', async () => ({ ok: true }));
  try {
    for (let poll = 0; poll < 3; poll++) await app.inject({ method: 'GET', url: '/readyz' });
    await app.inject({ method: 'GET', url: '/nowhere' });
  } finally {
    await app.close();
  }
  return lines;
}

describe('request log', () => {
  it('says nothing about requests at the default level', async () => {
    expect(await linesFor('info')).toEqual([]);
  });

  it('writes one debug line per request, with its method, path and status', async () => {
    const lines = await linesFor('debug');
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(4);
    expect(requests[0]).toMatchObject({ level: 20, method: 'GET', url: '/readyz', statusCode: 200 });
    expect(requests[3]).toMatchObject({ level: 20, url: '/nowhere', statusCode: 404 });
    expect(lines.every((line) => line.level === 20)).toBe(true);
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(
      false,
    );
  });
});
