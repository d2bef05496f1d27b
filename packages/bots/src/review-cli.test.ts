/** `pnpm review`: one JSON object with a decision for every card, and one-line errors with a non-zero exit code. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Action, apply, createGame, defaultConfig } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { pinochleBots } from './pinochle/module.ts';

const CLI = fileURLToPath(new URL('./review-cli.ts', import.meta.url));

function run(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8' });
}

describe('pnpm review', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kibitz-review-'));

  it('prints one JSON object with a decision for every card played', () => {
    const config = defaultConfig('auction-west');
    const seed = 'cli-1';
    let state = createGame(config, seed);
    const actions: { seq: number; seat: number; action: Action }[] = [];
    while (!state.history.some((hand) => hand.outcome === 'played')) {
      const seat = state.toAct[0]!;
      const action = pinochleBots.quickMove(state, seat);
      actions.push({ seq: state.version, seat, action });
      const result = apply(state, seat, action);
      if (!result.ok) throw new Error(result.rejection.message);
      state = result.state;
    }
    const file = join(folder, 'game.json');
    writeFileSync(file, JSON.stringify({ format: 'kibitz-game/1', game: { config, seed }, actions }));
    const out = run('--', '--export', file, '--json', '--nodes', '20000');
    expect(out.status).toBe(0);
    const review = JSON.parse(out.stdout) as {
      hands: { decisions: { version: number; played: unknown }[] }[];
    };
    const plays = actions.filter((row) => row.action.type === 'play');
    expect(review.hands.flatMap((hand) => hand.decisions.map((d) => d.version))).toEqual(
      plays.map((p) => p.seq),
    );
  });

  it('a missing file or a file that is no export: a one-line message and exit code 2', () => {
    const missing = run('--export', join(folder, 'missing.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain('no such file');
    const bad = join(folder, 'bad.json');
    writeFileSync(bad, 'not json');
    const notJson = run('--export', bad, '--json');
    expect(notJson.status).toBe(2);
    expect(notJson.stderr.trim()).toMatch(/is not JSON$/);
    expect(notJson.stdout).toBe('');
  });
});
