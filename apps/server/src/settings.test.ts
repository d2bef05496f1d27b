import { describe, expect, it } from 'vitest';
import { defaultAddressLimits, defaultWebDist, settingsFromEnv } from './settings.ts';

describe('settings from the environment', () => {
  it('has defaults that work on a fresh clone', () => {
    const settings = settingsFromEnv({});
    expect(settings.limits).toEqual(defaultAddressLimits);
    expect(settings.limits.connectionsPerMinute).toBeGreaterThanOrEqual(60);
    expect(settings.webDist).toBe(defaultWebDist);
    expect(defaultWebDist).toMatch(/apps[/\\]web[/\\]dist$/);
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
  });
});
