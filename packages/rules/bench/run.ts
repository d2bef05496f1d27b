/**
 * pnpm bench: the rules engine's speed on one core, each figure beside a baseline
 * measured in the same run (a plain shuffle-and-deal loop, ./baseline.ts), so ratios mean
 * something on any machine. Each figure is the median of several timed rounds.
 *
 * It runs the TypeScript sources through tsx, as `pnpm start` runs the server: measured
 * against an esbuild bundle of the same code, the figures agree within the noise.
 */

import { createRandom, shuffle } from '../src/common/random.ts';
import { buildDeck, type Card, SUITS } from '../src/pinochle/cards.ts';
import { defaultConfig, type GameConfig, VARIANTS } from '../src/pinochle/config.ts';
import { apply, createGame, legalActions } from '../src/pinochle/engine.ts';
import { evaluateMeld } from '../src/pinochle/meld/index.ts';
import type { Action, GameState } from '../src/pinochle/state.ts';
import { variantOf } from '../src/pinochle/variants/index.ts';
import { baselineDeal } from './baseline.ts';
import { bridgeBenchConfigs, playBridgeHands } from './bridge.ts';

const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** Runs `work` (which returns how many units it did) repeatedly for ROUND_MS; median units/s. */
function measure(work: () => number): number {
  const rates: number[] = [];
  work(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    let units = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < ROUND_MS) {
      units += work();
      elapsed = performance.now() - start;
    }
    rates.push((units * 1000) / elapsed);
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)]!;
}

/** Bench players: forehand opens at the lowest bid, the rest pass, then random legal play. */
function pick(state: GameState, actions: Action[], random: () => number): Action {
  if (state.phase === 'bidding') {
    const lowest = actions.find((a) => a.type === 'bid');
    // Looked for from the end: the pass follows up to ~180 bids, and a list of legal actions
    // holds it once.
    let pass: Action | undefined;
    for (let i = actions.length - 1; i >= 0 && pass === undefined; i--) {
      if (actions[i]!.type === 'pass') pass = actions[i];
    }
    if (state.hand.bidding.highBid === null && lowest) return lowest;
    return pass ?? lowest!;
  }
  // A random action other than concede (unless it is the only one). Counted, not filtered
  // into a new list: the players' own cost is part of every figure below.
  if (actions.length <= 1) return actions[Math.floor(random() * actions.length)]!;
  let playable = 0;
  for (const action of actions) if (action.type !== 'concede') playable++;
  let index = Math.floor(random() * playable);
  if (playable === actions.length) return actions[index]!;
  for (const action of actions) if (action.type !== 'concede' && index-- === 0) return action;
  throw new Error('no playable action');
}

let seedCounter = 0;

/** Plays complete hands; returns [hands, actions]. */
function playHands(config: GameConfig, hands: number): [number, number] {
  const random = createRandom(`bench-${seedCounter}`);
  let state = createGame(config, `bench-${seedCounter++}`);
  let actions = 0;
  let done = 0;
  let deal = state.hand.deal;
  while (done < hands) {
    if (state.phase === 'game-over') state = createGame(config, `bench-${seedCounter++}`);
    const seat = state.toAct[0]!;
    const result = apply(state, seat, pick(state, legalActions(state, seat), random));
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
    actions++;
    if (state.hand.deal !== deal || state.phase === 'game-over') {
      done++;
      deal = state.hand.deal;
    }
  }
  return [done, actions];
}

const lines: string[] = [];
const report = (label: string, rate: number, unit: string, baseline?: number) => {
  // Two significant digits for small ratios: hands/s against deals/s would all read 0.00x.
  const times = baseline === undefined ? 0 : rate / baseline;
  const ratio =
    baseline === undefined
      ? ''
      : `  (${times < 0.1 ? times.toPrecision(2) : times.toFixed(2)}x the baseline)`;
  const line = `${label.padEnd(58)} ${Math.round(rate).toLocaleString('en-US').padStart(12)} ${unit}${ratio}`;
  lines.push(line);
  console.log(line);
};

// What runs: pnpm bench loads the TypeScript sources through tsx (its loader shows in execArgv).
const runner = process.execArgv.some((arg) => arg.includes('tsx')) ? 'src/*.ts through tsx' : 'plain node';
console.log(
  `Kibitz rules bench — node ${process.version}, ${runner}, ${ROUNDS} rounds of ${ROUND_MS} ms, median\n`,
);

let dealNumber = 0;
const baseline = measure(() => {
  for (let i = 0; i < 100; i++) baselineDeal(`deal-${dealNumber++}`, i % 3);
  return 100;
});
report('baseline: shuffle + deal (48 cards)', baseline, 'deals/s');

for (const variant of VARIANTS) {
  const config = defaultConfig(variant);
  let actionsDone = 0;
  let handsDone = 0;
  const handRate = measure(() => {
    const [hands, actions] = playHands(config, 20);
    handsDone += hands;
    actionsDone += actions;
    return hands;
  });
  report(`complete random hands: ${variant}`, handRate, 'hands/s', baseline);
  report(
    `  moves (apply + legalActions): ${variant}`,
    (handRate * actionsDone) / handsDone,
    'moves/s',
    baseline,
  );
}

// Both Bridge forms share the engine: warm it up on both first, or the first one measured
// pays for the compiler's warm-up (it read half the second's rate on a loaded machine).
for (const { config } of bridgeBenchConfigs()) playBridgeHands(config, 300);
for (const { label, config } of bridgeBenchConfigs()) {
  let actionsDone = 0;
  let handsDone = 0;
  const handRate = measure(() => {
    const [hands, actions] = playBridgeHands(config, 5);
    handsDone += hands;
    actionsDone += actions;
    return hands;
  });
  report(`complete random hands: ${label}`, handRate, 'hands/s', baseline);
  report(
    `  moves (apply + legalActions): ${label}`,
    (handRate * actionsDone) / handsDone,
    'moves/s',
    baseline,
  );
}

// Meld: random hands of each deck, every trump, the variant's default meld rules.
for (const variant of ['cutthroat', 'double-deck'] as const) {
  const config = defaultConfig(variant);
  const rules = variantOf(config).meldRules(config);
  const deck = buildDeck(variant === 'double-deck' ? 'double' : 'single');
  const size = variant === 'double-deck' ? 20 : 15;
  const random = createRandom(`meld-${variant}`);
  const hands: Card[][] = Array.from({ length: 1000 }, () => shuffle(deck, random).slice(0, size));
  let sink = 0;
  const rate = measure(() => {
    for (const hand of hands) for (const suit of SUITS) sink += evaluateMeld(hand, suit, rules).total;
    return hands.length * SUITS.length;
  });
  if (sink < 0) console.log(sink);
  report(`meld evaluations: ${variant} (${size} cards)`, rate, 'evals/s', baseline);
}
