import { describe, expect, it } from 'vitest';
import { areaOf, type CpuProfile, formatSummary, summariseProfile } from './profile-summary.ts';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });

describe('summariseProfile', () => {
  it('splits self time by area and counts a probe once per sample, however deep', () => {
    // root -> publish (server) -> view (rules) -> view (rules, recursion) ; root -> (idle)
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 5] },
        { id: 2, callFrame: frame('publish', 'file:///x/apps/server/src/rooms/game-flow.ts'), children: [3] },
        { id: 3, callFrame: frame('view', 'file:///x/packages/rules/src/view.ts'), children: [4] },
        { id: 4, callFrame: frame('view', 'file:///x/packages/rules/src/view.ts') },
        { id: 5, callFrame: frame('(idle)') },
      ],
      startTime: 0,
      endTime: 4000,
      // each sample lasts until the next: 2 -> 1 ms, 4 -> 2 ms, 5 -> 1 ms, last counts 0
      samples: [2, 4, 4, 5, 5],
      timeDeltas: [0, 1000, 1000, 1000, 1000],
    };
    const summary = summariseProfile(profile);
    expect(summary.totalMs).toBe(4);
    expect(summary.busyMs).toBe(3);
    expect(Object.fromEntries(summary.byArea)).toEqual({ server: 1, rules: 2, idle: 1 });
    expect(Object.fromEntries(summary.probes)).toEqual({ 'rules view()': 2, 'server publish()': 3 });
    expect(formatSummary(summary)).toMatch(/rules view\(\)/);
  });

  it('knows where the big dependencies live', () => {
    expect(
      areaOf(frame('x', 'file:///r/node_modules/.pnpm/socket.io@4/node_modules/socket.io/dist/a.js')),
    ).toBe('socket.io/engine.io/ws');
    expect(areaOf(frame('x', 'wasm://wasm/022c915e'))).toBe('pglite');
    expect(areaOf(frame('(garbage collector)'))).toBe('garbage collector');
    expect(areaOf(frame('writev'))).toBe('native: writev');
  });
});
