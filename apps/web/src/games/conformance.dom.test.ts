/**
 * The web side of the conformance suite (issue 23): for every game of the rules registry,
 * in every form, the web registry has a GameUi, and its pieces draw every phase of a real
 * game (driven with the game's own module, paced so the pauses happen): the status line,
 * the felt, the prompt (with something to press when the viewer is asked), the score pane,
 * the viewer's hand, and the replay's board and score at that point. A game added to the
 * registries must pass this as it is.
 */
import { type TableState, tableStateSchema } from '@kibitz/protocol';
import { type AnyGameModule, allForms, GAMES, type GameForm } from '@kibitz/rules';
import type { Component } from 'svelte';
import { describe, expect, it } from 'vitest';
import { render } from '../components/mount.ts';
import type { LoggedAction } from './common/replay.ts';
import { GAME_UIS, gameUiOf } from './registry.ts';
import type { AnyGameTableUi, TableContext, TableView } from './types.ts';

/**
 * House rules that bring up a phase the forms' defaults skip (Double Deck's card passing):
 * those forms are played a second time with them.
 */
const PHASE_RULES: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  'double-deck': [{ cardPassing: { count: 3 } }],
};

interface Case {
  game: AnyGameModule;
  form: GameForm;
  rules: Record<string, unknown>;
  name: string;
}

const CASES: Case[] = allForms().flatMap(({ game, form }) =>
  [{}, ...(PHASE_RULES[form.id] ?? [])].map((rules) => ({
    game,
    form,
    rules,
    name: `${game.id} / ${form.id}${Object.keys(rules).length > 0 ? ` with ${JSON.stringify(rules)}` : ''}`,
  })),
);

/** A seeded choice: the lowest bid or a pass in an auction (so contracts are made and games end), any legal move else. */
function chooser(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return (actions: readonly { type: string }[]) => {
    const bid = actions.find((action) => action.type === 'bid');
    const pass = actions.find((action) => action.type === 'pass');
    if (bid && pass) return next() < 0.35 ? bid : pass;
    return actions[Math.floor(next() * actions.length)]!;
  };
}

interface Reached {
  phase: string;
  state: unknown;
  log: LoggedAction[];
}

/** Plays a game of `form` to its end; the first position of each phase on the way, with the log up to it. */
function playToEnd({ game, form, rules }: Case, seed: number): { config: unknown; reached: Reached[] } {
  const parsed = game.parseConfig({ ...form.input, ...rules, paced: true });
  if (!parsed.ok) throw new Error(`${form.id}: ${parsed.errors.map((error) => error.message).join('; ')}`);
  const config = parsed.config;
  const choose = chooser(seed);
  let state = game.create(config, `conformance-${form.id}`);
  const log: LoggedAction[] = [];
  const reached: Reached[] = [{ phase: game.phase(state), state, log: [] }];
  for (let guard = 0; game.phase(state) !== 'game-over'; guard++) {
    if (guard > 40_000) throw new Error(`${form.id}: no end after ${guard} moves`);
    const seat = game.toAct(state)[0]!;
    const action = choose(game.legalActions(state, seat));
    const applied = game.apply(state, seat, action);
    if (!applied.ok) throw new Error(`${form.id}: ${applied.rejection.message}`);
    log.push({ seat, action });
    state = applied.state;
    const phase = game.phase(state);
    if (!reached.some((seen) => seen.phase === phase)) reached.push({ phase, state, log: [...log] });
  }
  return { config, reached };
}

function tableOf(config: unknown, seatCount: number): TableState {
  return tableStateSchema.parse({
    code: 'CONF-ORMA-NC',
    name: 'Conformance',
    listed: false,
    hostId: 'p0',
    rules: config,
    settings: {
      seatGraceSeconds: 120,
      botStandIn: false,
      turnTimerSeconds: null,
      pace: 'normal',
      trickPauseMs: null,
      handEndSeconds: 10,
      spectatorChat: true,
      playAids: true,
      hints: false,
    },
    seats: Array.from({ length: seatCount }, (_, seat) => ({
      seat,
      player: {
        id: `p${seat}`,
        name: `Player ${seat + 1}`,
        bot: false,
        botLevel: null,
        connected: true,
        standIn: false,
        heldUntil: null,
      },
      heldFor: null,
    })),
    spectators: [],
    watchers: 0,
    game: {
      id: 'game-1',
      number: 1,
      status: 'running',
      version: 1,
      hints: new Array<number>(seatCount).fill(0),
    },
    playAgain: [],
  });
}

function contextOf(table: TableState, me: number | null): TableContext {
  return {
    table,
    names: table.seats.map((seat) => seat.player?.name ?? ''),
    me,
    now: 0,
    endsAt: null,
    secondsLeft: 5,
    settings: {
      pace: 'normal',
      trickPauseMs: 1200,
      handEndSeconds: 10,
      playAids: true,
      botStandIn: false,
      spectatorChat: true,
    },
    humans: table.seats.map((seat) => seat.seat),
    agreed: [],
    onAct: () => {},
    onPlayAgain: me === null ? null : () => {},
    onSit: null,
  };
}

const text = (root: HTMLElement) => root.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** A slot drawn for a view: some words, and none of the placeholders a broken template leaves. */
function drawn<P extends Record<string, unknown>>(
  component: Component<P>,
  props: P,
  where: string,
): HTMLElement {
  const root = render(component, props);
  expect(text(root).length, where).toBeGreaterThan(0);
  expect(text(root), where).not.toMatch(/undefined|NaN|\[object Object\]|\{[a-z]+\}/);
  return root;
}

describe('the web registry', () => {
  it('has a GameUi for every game of the rules registry, found by the game id in a config', () => {
    expect(Object.keys(GAME_UIS).sort()).toEqual(GAMES.map((game) => game.id).sort());
    for (const { game, form } of allForms()) {
      expect(gameUiOf(game.defaultConfig(form.id))?.id).toBe(game.id);
    }
    expect(gameUiOf({ game: 'no-such-game' })).toBeNull();
    expect(gameUiOf(null)).toBeNull();
  });
});

describe.each(CASES)('conformance of $name', (entry) => {
  const { game, form } = entry;
  it('draws every phase of a real game with its GameUi, at the table and in the replay', {
    timeout: 180_000,
  }, async () => {
    const gameUi = gameUiOf(game.defaultConfig(form.id))!;
    const ui: AnyGameTableUi = await gameUi.table();
    const replayUi = await gameUi.replay();
    const { config, reached } = playToEnd(entry, 11);
    const table = tableOf(config, form.seatCount);
    for (const { phase, state, log } of reached) {
      const seat = game.toAct(state)[0] ?? 0;
      for (const viewer of [seat, 'spectator'] as const) {
        const view = game.view(state, viewer) as TableView;
        const me = viewer === 'spectator' ? null : viewer;
        const ctx = contextOf(table, me);
        const where = `${form.id}, ${phase}, ${viewer}`;
        expect(ui.phase(view), where).toBe(phase);

        const felt = drawn(ui.Felt, { view, ctx }, `${where}: felt`);
        expect(felt.querySelector('[data-zone="felt"]'), where).not.toBeNull();
        drawn(ui.Status, { view, ctx }, `${where}: status`);
        const score = drawn(ui.Score, { view, ctx }, `${where}: score`);
        expect(score.querySelector('[data-zone="score-sheet"]'), where).not.toBeNull();
        if (ui.Mine) render(ui.Mine, { view, ctx });

        const hand = ui.hand(view);
        if (me === null) expect(hand.cards, where).toEqual([]);
        for (const card of hand.legal) expect(hand.cards, where).toContain(card);
        if (me !== null && ui.promptActive(view)) {
          // The seat asked has something to press: a card of its hand the prompt allows, or
          // a button of the prompt or of the felt (the dummy's cards for the declarer).
          const prompt = drawn(ui.Prompt, { view, ctx, chosen: [] }, `${where}: prompt`);
          const buttons = prompt.querySelectorAll('button').length + felt.querySelectorAll('button').length;
          expect(hand.legal.length + buttons, where).toBeGreaterThan(0);
        }
      }

      const replay = replayUi.build(config, `conformance-${form.id}`, log);
      expect(replay.error, form.id).toBeNull();
      const frame = replay.frames.at(-1)!;
      const names = table.seats.map((entry) => entry.player?.name ?? '');
      const board = drawn(replayUi.Board, { replay, frame, names }, `${form.id}, ${phase}: replay board`);
      expect(board.querySelector('[data-zone="replay-board"]'), phase).not.toBeNull();
      drawn(replayUi.Score, { replay, frame, names }, `${form.id}, ${phase}: replay score`);
      if (frame.move !== null) expect(replayUi.describe(replay, frame, names, 'en'), phase).not.toBe('');
    }
    // Every phase of the game came up in one of its forms (a phase only some forms have is checked there).
    const seen = new Set(reached.map((entry) => entry.phase));
    expect(seen.has('game-over')).toBe(true);
    for (const phase of seen) expect(game.phases).toContain(phase);
  });
});

describe.each(GAMES.map((game) => ({ game, id: game.id })))('every phase of $id', ({ game }) => {
  it('comes up in a game of one of its forms', { timeout: 180_000 }, () => {
    const seen = new Set<string>();
    for (const entry of CASES.filter((candidate) => candidate.game.id === game.id)) {
      for (const { phase } of playToEnd(entry, 11).reached) seen.add(phase);
    }
    expect([...game.phases].filter((phase) => !seen.has(phase))).toEqual([]);
  });
});
