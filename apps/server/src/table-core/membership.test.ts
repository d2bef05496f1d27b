/**
 * Who is sent the table when someone joins: everyone when what they see changed (a new
 * guest, a watcher more), only the joining socket when it joins again as who it already is.
 */
import { tableSettingsSchema } from '@kibitz/protocol';
import { describe, expect, it } from 'vitest';
import { testLimits } from '../../testing/core.ts';
import type { Command, Effect } from './commands.ts';
import { parseTableConfig } from './game.ts';
import { type CoreState, freshTableState } from './state.ts';
import { step } from './step.ts';

const LIMITS = testLimits();

function table(): CoreState {
  const parsed = parseTableConfig({ variant: 'cutthroat' });
  if (!parsed.ok) throw new Error(parsed.message);
  return freshTableState(
    {
      id: 'room',
      code: 'AAAA-BBBB-CC',
      name: 'Test table',
      listed: false,
      hostId: 'm0',
      config: parsed.config,
      settings: tableSettingsSchema.parse({}),
    },
    LIMITS,
  );
}

const join = (socketId: string, name: string | null, claim: string | null = null): Command => ({
  type: 'join',
  socketId,
  displayName: name,
  claim,
  newId: `m-${socketId}`,
});

/** Who each `table` event of a step goes to. */
const tableSentTo = (effects: readonly Effect[]) =>
  effects.flatMap((effect) =>
    effect.kind === 'send' && effect.message.event === 'table' ? [[...effect.to].sort()] : [],
  );

function run(state: CoreState, command: Command) {
  const result = step(state, command, 0);
  expect(result.reply).toMatchObject({ ok: true });
  return result;
}

describe('joining', () => {
  it('a new guest: everyone is sent the table once', () => {
    let state = table();
    state = run(state, join('s0', 'Ann')).state;
    state = run(state, { type: 'watch', socketId: 'w0' }).state;
    const { effects } = run(state, join('s1', 'Bob'));
    expect(tableSentTo(effects)).toEqual([['s0', 's1', 'w0']]);
  });

  it('the same socket joining again (by name or with its token): only it is sent the table, as often as it asks', () => {
    let state = table();
    state = run(state, join('s0', 'Ann')).state;
    state = run(state, join('s1', 'Bob')).state;
    state = run(state, { type: 'take-seat', socketId: 's0', seat: 0 }).state;
    for (let again = 0; again < 5; again++) {
      const byName = run(state, join('s0', 'Ann'));
      expect(tableSentTo(byName.effects)).toEqual([['s0']]);
      const byToken = run(byName.state, join('s0', null, 'm-s0'));
      expect(tableSentTo(byToken.effects)).toEqual([['s0']]);
      state = byToken.state;
    }
  });

  it('a watcher watching again: only it; a watcher more: everyone (the count changed)', () => {
    let state = table();
    state = run(state, join('s0', 'Ann')).state;
    state = run(state, { type: 'watch', socketId: 'w0' }).state;
    expect(tableSentTo(run(state, { type: 'watch', socketId: 'w0' }).effects)).toEqual([['w0']]);
    expect(tableSentTo(run(state, { type: 'watch', socketId: 'w1' }).effects)).toEqual([['s0', 'w0', 'w1']]);
  });

  it('a member back on a new socket: everyone (they show as connected again)', () => {
    let state = table();
    state = run(state, join('s0', 'Ann')).state;
    state = run(state, join('s1', 'Bob')).state;
    state = run(state, { type: 'take-seat', socketId: 's0', seat: 0 }).state;
    state = run(state, { type: 'leave', socketId: 's0' }).state;
    const back = run(state, join('s9', null, 'm-s0'));
    expect(tableSentTo(back.effects)).toEqual([['s1', 's9']]);
  });
});
