import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  defaultAddressLimits,
  defaultHttpSettings,
  defaultNodeId,
  defaultWebDist,
  settingsFromEnv,
} from './settings.ts';

describe('settings from the environment', () => {
  it('names the node by host and port, the same on every start (KIBITZ_NODE_ID overrides it)', () => {
    expect(settingsFromEnv({ PORT: '4100' }).nodeId).toBe(`${hostname()}:4100`);
    expect(settingsFromEnv({ PORT: '4100' }).nodeId).toBe(settingsFromEnv({ PORT: '4100' }).nodeId);
    expect(settingsFromEnv({ PORT: '4101' }).nodeId).not.toBe(settingsFromEnv({ PORT: '4100' }).nodeId);
    expect(settingsFromEnv({ PORT: '4100', KIBITZ_NODE_ID: 'kibitz-1' }).nodeId).toBe('kibitz-1');
    // Any free port (tests): no stable name, and never one another process has.
    expect(defaultNodeId(0)).not.toBe(defaultNodeId(0));
  });

  it('has defaults that work on a fresh clone', () => {
    const settings = settingsFromEnv({});
    expect(settings.limits).toEqual(defaultAddressLimits);
    expect(settings.limits.connectionsPerMinute).toBeGreaterThanOrEqual(60);
    expect(settings.webDist).toBe(defaultWebDist);
    expect(defaultWebDist).toMatch(/apps[/\\]web[/\\]dist$/);
    // Plain HTTP, /metrics closed, sockets from the page's own origin only.
    expect(settings.http).toEqual(defaultHttpSettings);
    expect(settings.http).toMatchObject({ https: false, metricsToken: undefined, allowedOrigins: [] });
  });

  it('reads the HTTPS switch, the metrics token, the allowed origins and the request limits', () => {
    const settings = settingsFromEnv({
      KIBITZ_HTTPS: '1',
      KIBITZ_METRICS_TOKEN: 'a-long-enough-metrics-token',
      KIBITZ_ALLOWED_ORIGINS: 'https://cards.example, http://192.168.1.20:3000/',
      KIBITZ_REQUESTS_PER_MINUTE: '100',
      KIBITZ_ASSET_REQUESTS_PER_MINUTE: '0',
    });
    expect(settings.http).toEqual({
      https: true,
      metricsToken: 'a-long-enough-metrics-token',
      allowedOrigins: ['https://cards.example', 'http://192.168.1.20:3000'],
      requestsPerMinute: 100,
      assetRequestsPerMinute: 0,
    });
  });

  it('reads the per-address limits, the proxy switch and the web build', () => {
    const settings = settingsFromEnv({
      KIBITZ_CONNECTIONS_PER_MINUTE: '600',
      KIBITZ_TABLES_PER_MINUTE: '0',
      KIBITZ_TRUST_PROXY: 'true',
      KIBITZ_WEB_DIST: '/srv/kibitz-web',
    });
    expect(settings.limits).toEqual({ connectionsPerMinute: 600, tablesPerMinute: 0, trustProxy: true });
    expect(settings.webDist).toBe('/srv/kibitz-web');
    expect(settingsFromEnv({ KIBITZ_TRUST_PROXY: '0' }).limits.trustProxy).toBe(false);
  });

  it('names the variable it cannot read', () => {
    expect(() => settingsFromEnv({ KIBITZ_TABLES_PER_MINUTE: 'lots' })).toThrow(/KIBITZ_TABLES_PER_MINUTE/);
    expect(() => settingsFromEnv({ KIBITZ_TRUST_PROXY: 'maybe' })).toThrow(/KIBITZ_TRUST_PROXY/);
    expect(() => settingsFromEnv({ KIBITZ_METRICS_TOKEN: 'short' })).toThrow(/KIBITZ_METRICS_TOKEN.*16/);
    expect(() => settingsFromEnv({ KIBITZ_ALLOWED_ORIGINS: 'cards.example' })).toThrow(
      /KIBITZ_ALLOWED_ORIGINS/,
    );
    expect(() => settingsFromEnv({ KIBITZ_ALLOWED_ORIGINS: 'https://cards.example/path' })).toThrow(
      /KIBITZ_ALLOWED_ORIGINS/,
    );
    expect(() => settingsFromEnv({ KIBITZ_REQUESTS_PER_MINUTE: '-1' })).toThrow(/KIBITZ_REQUESTS_PER_MINUTE/);
  });
});
