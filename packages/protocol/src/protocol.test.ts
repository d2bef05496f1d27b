import { playGame, randomBot } from '@kibitz/bots/pinochle';
import { defaultConfig, VARIANTS } from '@kibitz/rules/pinochle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionSchema } from './actions.ts';
import {
  CLIENT_EVENTS,
  LIVE_SETTINGS,
  parseClientMessage,
  tableSettingsPatchSchema,
  tableSettingsSchema,
} from './client-messages.ts';
import { CONNECT_ERROR_CODES, TABLE_REFUSAL_CODES } from './errors.ts';
import { formatTableCode, normalizeTableCode, TABLE_CODE_ALPHABET } from './limits.ts';
import { botDelayOf, PACES, type Pace, trickPauseOf, withPace } from './pace.ts';
import { connectErrorDataSchema } from './server-messages.ts';

describe('client messages', () => {
  it('parses each event and fills in defaults', () => {
    const created = parseClientMessage('create-table', {
      name: '  Friday  ',
      config: { variant: 'cutthroat', minimumBid: 300 },
      displayName: 'Ann',
    });
    expect(created).toEqual({
      ok: true,
      event: 'create-table',
      payload: {
        name: 'Friday',
        config: { variant: 'cutthroat', minimumBid: 300 },
        listed: false,
        displayName: 'Ann',
      },
    });
    expect(parseClientMessage('leave-seat', undefined)).toEqual({
      ok: true,
      event: 'leave-seat',
      payload: {},
    });
    expect(parseClientMessage('act', { version: 3, action: { type: 'play', card: 'TS' } })).toMatchObject({
      ok: true,
    });
    expect(parseClientMessage('join', { code: 'kq7m x3pa 9r', displayName: 'Bo' })).toMatchObject({
      ok: true,
      payload: { code: 'KQ7M-X3PA-9R' },
    });
  });

  it('refuses unknown events and malformed payloads with a typed code', () => {
    expect(parseClientMessage('hack', {})).toMatchObject({ ok: false, code: 'unknown-event' });
    expect(parseClientMessage('__proto__', {})).toMatchObject({ ok: false, code: 'unknown-event' });
    expect(parseClientMessage(42, {})).toMatchObject({ ok: false, code: 'unknown-event' });
    for (const [event, payload] of [
      ['take-seat', { seat: 7 }],
      ['take-seat', { seat: '1' }],
      ['act', { version: -1, action: { type: 'pass' } }],
      ['act', { version: 1, action: { type: 'play', card: 'XX' } }],
      ['act', { version: 1, action: { type: 'pass', extra: 1 } }],
      ['chat', { text: '   ' }],
      ['chat', { text: 'x'.repeat(501) }],
      ['join', { code: 'OOOO-OOOO-OO', displayName: 'A' }],
      ['leave-seat', { anything: true }],
      ['create-table', { name: 'x', config: { minimumBid: 1 }, displayName: 'A' }],
    ] as const) {
      expect(parseClientMessage(event, payload), `${event} ${JSON.stringify(payload)}`).toMatchObject({
        ok: false,
        code: 'malformed',
      });
    }
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...CLIENT_EVENTS), fc.string()),
        fc.anything(),
        (event, payload) => {
          const parsed = parseClientMessage(event, payload);
          expect(typeof parsed.ok).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('accepts every action the engine can produce', () => {
    for (const variant of VARIANTS) {
      const { log } = playGame(
        defaultConfig(variant),
        `protocol-${variant}`,
        [randomBot, randomBot, randomBot, randomBot].slice(0, variant === 'double-deck' ? 4 : 3),
      );
      for (const { action } of log) expect(actionSchema.safeParse(action).success).toBe(true);
    }
  });

  it('has defaults for every table setting', () => {
    expect(tableSettingsSchema.parse({})).toEqual({
      seatGraceSeconds: 120,
      botStandIn: false,
      turnTimerSeconds: null,
      pace: 'normal',
      trickPauseMs: null,
      handEndSeconds: 10,
      spectatorChat: true,
      playAids: true,
      hints: false,
    });
  });

  it('has hints off by default, and a hint event that names the version it answers', () => {
    expect(tableSettingsSchema.safeParse({ hints: 'yes' }).success).toBe(false);
    expect(parseClientMessage('hint', { version: 12 })).toMatchObject({ ok: true, payload: { version: 12 } });
    for (const bad of [undefined, {}, { version: -1 }, { version: 1.5 }, { version: 3, seat: 1 }]) {
      expect(parseClientMessage('hint', bad), JSON.stringify(bad)).toMatchObject({
        ok: false,
        code: 'malformed',
      });
    }
    expect(TABLE_REFUSAL_CODES).toContain('hints-off');
  });

  it('has a pace that sets the bot delay and the trick pause, scaled by the server base', () => {
    expect(tableSettingsSchema.parse({ pace: 'fast' }).pace).toBe('fast');
    expect(tableSettingsSchema.safeParse({ pace: 'slow' }).success).toBe(false);
    expect(tableSettingsPatchSchema.safeParse({ pace: 3 }).success).toBe(false);
    const at = (pace: Pace) => tableSettingsSchema.parse({ pace });
    expect(PACES.map((pace) => trickPauseOf(at(pace)))).toEqual([2000, 1200, 500]);
    expect(PACES.map((pace) => botDelayOf(at(pace), 700))).toEqual([1200, 700, 250]);
    // The server's base is the normal pace's delay; others scale with it, 0 stays 0.
    expect(PACES.map((pace) => botDelayOf(at(pace), 350))).toEqual([600, 350, 125]);
    expect(PACES.map((pace) => botDelayOf(at(pace), 0))).toEqual([0, 0, 0]);
    // trickPauseMs, when set, overrides the pace's pause.
    expect(trickPauseOf(tableSettingsSchema.parse({ pace: 'relaxed', trickPauseMs: 0 }))).toBe(0);
  });

  it('a settings patch holds only what it names (no defaults filled in)', () => {
    expect(tableSettingsPatchSchema.parse({ pace: 'fast' })).toEqual({ pace: 'fast' });
    expect(parseClientMessage('set-rules', { settings: { hints: true } })).toMatchObject({
      ok: true,
      payload: { settings: { hints: true } },
    });
    const parsed = parseClientMessage('set-rules', { settings: { hints: true } });
    expect(parsed.ok && parsed.event === 'set-rules' && Object.keys(parsed.payload.settings!)).toEqual([
      'hints',
    ]);
    expect(tableSettingsPatchSchema.safeParse({ pace: 'slow' }).success).toBe(false);
    expect(tableSettingsPatchSchema.safeParse({ colour: 'red' }).success).toBe(false);
  });

  it('clears the trick pause override when a pace is chosen without one', () => {
    expect(withPace({ pace: 'fast' })).toEqual({ pace: 'fast', trickPauseMs: null });
    expect(withPace({ pace: 'fast', trickPauseMs: 300 })).toEqual({ pace: 'fast', trickPauseMs: 300 });
    expect(withPace({ trickPauseMs: 40 })).toEqual({ trickPauseMs: 40 });
    expect(LIVE_SETTINGS).toEqual(['pace']);
  });

  it('keeps the pacing settings within their bounds', () => {
    expect(tableSettingsSchema.parse({ trickPauseMs: 0, handEndSeconds: 0 })).toMatchObject({
      trickPauseMs: 0,
      handEndSeconds: 0,
    });
    expect(tableSettingsSchema.parse({ trickPauseMs: 5000, handEndSeconds: 300 })).toMatchObject({
      trickPauseMs: 5000,
      handEndSeconds: 300,
    });
    for (const bad of [
      { trickPauseMs: 5001 },
      { trickPauseMs: -1 },
      { trickPauseMs: 1.5 },
      { handEndSeconds: 301 },
      { handEndSeconds: -1 },
      { spectatorChat: 'yes' },
      { playAids: 1 },
    ]) {
      expect(tableSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('table codes', () => {
  it('normalizes what people type and refuses look-alikes', () => {
    expect(normalizeTableCode('kq7mx3pa9r')).toBe('KQ7M-X3PA-9R');
    expect(normalizeTableCode(' KQ7M - X3PA - 9R ')).toBe('KQ7M-X3PA-9R');
    expect(normalizeTableCode('KQ7M-X3PA-9')).toBeNull();
    expect(normalizeTableCode('KQ7M-X3PA-9O')).toBeNull();
    expect(formatTableCode('ABCDEFGHJK')).toBe('ABCD-EFGH-JK');
    expect(TABLE_CODE_ALPHABET).not.toMatch(/[01OILUV]/);
    // 10 characters of this alphabet carry at least 40 bits.
    expect(10 * Math.log2(TABLE_CODE_ALPHABET.length)).toBeGreaterThan(40);
  });
});

describe('refusals', () => {
  it('name the per-address limits', () => {
    expect(TABLE_REFUSAL_CODES).toContain('too-many-tables');
    expect(CONNECT_ERROR_CODES).toEqual(['starting-up', 'too-many-connections']);
    expect(connectErrorDataSchema.parse({ code: 'too-many-connections' })).toEqual({
      code: 'too-many-connections',
    });
    expect(connectErrorDataSchema.safeParse({ code: 'nope' }).success).toBe(false);
  });
});
