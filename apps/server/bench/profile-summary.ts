/**
 * Reads a V8 CPU profile (`.cpuprofile`, as written by `node --cpu-prof` or the bench's
 * --profile) and says where the time went: self time by package, the heaviest functions,
 * and the inclusive time of a few functions worth watching (the rules' view, apply, ...).
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Wall time covered, ms. */
  totalMs: number;
  /** ms not idle. */
  busyMs: number;
  /** Self time by where the code lives, ms, heaviest first. */
  byArea: [string, number][];
  /** Heaviest functions by self time, ms. */
  topFunctions: [string, number][];
  /** Inclusive time (the function and all it calls), ms. */
  probes: [string, number][];
}

/** Where a function lives: our packages, the big dependencies, V8 itself. */
export function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)') return 'V8 / native (program)';
  const areas: [RegExp, string][] = [
    [/\/packages\/rules\//, 'rules'],
    [/\/packages\/bots\//, 'bots'],
    [/\/packages\/protocol\//, 'protocol'],
    [/\/apps\/server\/src\/db\/generated\//, 'prisma (generated client)'],
    [/\/apps\/server\/src\//, 'server'],
    [
      /\/(socket\.io|socket\.io-adapter|socket\.io-parser|engine\.io|engine\.io-parser|ws)\//,
      'socket.io/engine.io/ws',
    ],
    [/pglite|^wasm:/, 'pglite'],
    [/prisma/, 'prisma'],
    [/\/zod\//, 'zod'],
    [/\/(pino|fastify|find-my-way|avvio)/, 'fastify/pino'],
    [/\/(tsx|esbuild)\//, 'tsx'],
    [/\/node_modules\//, 'other dependencies'],
    [/^node:/, 'node'],
  ];
  for (const [pattern, area] of areas) if (pattern.test(url)) return area;
  return url === '' ? `native: ${functionName || '(anonymous)'}` : 'other';
}

const PROBES: [string, (frame: CallFrame) => boolean][] = [
  // Any game's view (packages/rules/src/<game>/view.ts).
  ['rules view()', (f) => f.functionName === 'view' && /\/packages\/rules\/src\/.*view\.ts$/.test(f.url)],
  ['  structuredClone (anywhere)', (f) => f.functionName === 'structuredClone'],
  ['rules apply()', (f) => f.functionName === 'apply' && f.url.includes('/packages/rules/src/')],
  ['rules legalActions()', (f) => f.functionName === 'legalActions' && f.url.includes('/packages/rules/')],
  ['server sendViews / view cache', (f) => /^#?(sendViews|viewsOf|viewFor)$/.test(f.functionName)],
  ['server publish()', (f) => f.functionName === 'publish' && f.url.includes('/apps/server/')],
  ['protocol parseClientMessage()', (f) => f.functionName === 'parseClientMessage'],
  ['JSON.stringify', (f) => f.functionName === 'stringify' && f.url === ''],
  ['JSON.parse', (f) => f.functionName === 'parse' && f.url === ''],
  ['game log write (GameLog.record*)', (f) => /^record(Many)?$/.test(f.functionName)],
];

function label(frame: CallFrame): string {
  const file = frame.url
    .replace(/^.*\/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/^.*\/(packages|apps)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
}

export function summariseProfile(input: string | CpuProfile): ProfileSummary {
  const profile: CpuProfile = typeof input === 'string' ? JSON.parse(readFileSync(input, 'utf8')) : input;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Each sample lasts until the next one.
  const self = new Map<number, number>();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const ms = (timeDeltas[i + 1] ?? 0) / 1000;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + ms);
  }
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  const probes = new Map<string, number>(PROBES.map(([name]) => [name, 0]));
  let busyMs = 0;
  let totalMs = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id)!;
    const area = areaOf(node.callFrame);
    totalMs += ms;
    if (area !== 'idle') busyMs += ms;
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const name = label(node.callFrame);
    functions.set(name, (functions.get(name) ?? 0) + ms);
    // Inclusive: count the sample once for each probe found on its stack.
    const hit = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      for (const [probe, test] of PROBES) if (test(frame)) hit.add(probe);
    }
    for (const probe of hit) probes.set(probe, probes.get(probe)! + ms);
  }
  const heaviest = (map: Map<string, number>, count: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  return {
    totalMs,
    busyMs,
    byArea: heaviest(areas, 20),
    topFunctions: heaviest(functions, 25),
    probes: [...probes].filter(([, ms]) => ms > 0),
  };
}

export function formatSummary(summary: ProfileSummary): string {
  const pct = (ms: number) => `${((ms / summary.totalMs) * 100).toFixed(1).padStart(5)}%`;
  const line = ([name, ms]: [string, number]) => `  ${ms.toFixed(0).padStart(7)} ms ${pct(ms)}  ${name}`;
  return [
    `profile: ${summary.totalMs.toFixed(0)} ms, busy ${summary.busyMs.toFixed(0)} ms (${pct(summary.busyMs).trim()})`,
    'self time by area:',
    ...summary.byArea.map(line),
    'heaviest functions (self):',
    ...summary.topFunctions.map(line),
    'inclusive:',
    ...summary.probes.map(line),
  ].join('\n');
}

// `tsx profile-summary.ts FILE.cpuprofile`: summarise any profile (e.g. from node --cpu-prof).
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'))) {
  for (const file of process.argv.slice(2)) console.log(`${file}\n${formatSummary(summariseProfile(file))}`);
}
