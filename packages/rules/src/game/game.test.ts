/**
 * Every game of the registry, driven only through the seam: apply accepts what
 * legalActions lists and refuses, unchanged, an action out of turn; the one replay
 * reproduces a game from its log and refuses a bad log at the right position; the score
 * sheet adds up to the totals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../common/random.ts';
import { type LoggedMove, replayLog } from '../common/replay.ts';
import type { AnyGameModule } from '../common/types.ts';
import { allForms } from './registry.ts';

interface Played {
  states: unknown[];
  log: LoggedMove<{ type: string }>[];
}

/** Random legal play through the module alone, for at most `hands` hands. */
function playRandomly(game: AnyGameModule, config: unknown, seed: string, hands: number): Played {
  const random = createRandom(seed);
  const states = [game.create(config, seed)];
  const log: LoggedMove<{ type: string }>[] = [];
  while (game.phase(states.at(-1)) !== 'game-over' && game.handsPlayed(states.at(-1)) < hands) {
    const state = states.at(-1);
    const toAct = game.toAct(state);
    expect(toAct.length).toBeGreaterThan(0);
    const seat = toAct[Math.floor(random() * toAct.length)]!;
    const actions = game.legalActions(state, seat);
    expect(actions.length).toBeGreaterThan(0);
    // Every listed action is accepted (a few of them: a Pinochle auction lists ~180 bids).
    for (let i = 0; i < 3; i++) {
      const any = actions[Math.floor(random() * actions.length)]!;
      expect(game.apply(state, seat, any).ok).toBe(true);
    }
    const action = actions[Math.floor(random() * actions.length)]!;
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(`listed action refused: ${result.rejection.message}`);
    expect(game.version(result.state)).toBe(game.version(state) + 1);
    states.push(result.state);
    log.push({ seat, action });
    expect(log.length).toBeLessThan(2000);
  }
  return { states, log };
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

describe.each(allForms().map(({ game, form }) => [form.id, game] as const))(
  '%s through the seam',
  (formId, game) => {
    const config = game.defaultConfig(formId);
    const seatCount = game.table(config).seatCount;

    it('accepts listed actions, refuses out-of-turn ones unchanged, and replays its log exactly', () => {
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
          const { states, log } = playRandomly(game, config, seed, 1);
          const last = states.at(-1);
          const snapshot = JSON.stringify(last);
          const idle = Array.from({ length: seatCount }, (_, seat) => seat).find(
            (seat) => !game.toAct(last).includes(seat),
          );
          if (idle !== undefined && game.phase(last) !== 'game-over') {
            const refused = game.apply(last, idle, { type: 'pass' });
            expect(refused.ok).toBe(false);
            expect(refused.ok ? null : refused.rejection.code).toBe('not-your-turn');
            expect(JSON.stringify(last)).toBe(snapshot);
          }
          const replayed = replayLog(game, config, seed, log);
          expect(replayed).toEqual({ ok: true, state: last });
        }),
        { numRuns: 8 },
      );
    });

    it('refuses a bad log with a typed error naming the position, and the state before it', () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.nat(),
          fc.boolean(),
          (seed, at, garbage) => {
            const { states, log } = playRandomly(game, config, seed, 1);
            const index = at % log.length;
            const move = log[index]!;
            const idle = Array.from({ length: seatCount }, (_, seat) => seat).find(
              (seat) => !game.toAct(states[index]).includes(seat),
            );
            // A move out of turn where there is a seat that may not act, else a move that is no action.
            const bad =
              garbage || idle === undefined
                ? { seat: move.seat, action: { type: 'shuffle-the-deck' } }
                : { seat: idle, action: move.action };
            const tampered = [...log.slice(0, index), bad, ...log.slice(index + 1)];
            const steps: number[] = [];
            const result = replayLog(game, config, seed, tampered, (_before, _after, _move, i) =>
              steps.push(i),
            );
            if (result.ok) throw new Error('a tampered log replayed');
            expect(result.index).toBe(index);
            expect(result.state).toEqual(states[index]);
            expect(result.error).toMatchObject({
              code: 'bad-log',
              index,
              seat: bad.seat,
              action: bad.action,
            });
            expect(result.error.rejection.code).toBe(
              bad.action.type === 'shuffle-the-deck' ? 'malformed-action' : 'not-your-turn',
            );
            expect(result.error.message).toMatch(
              new RegExp(`^action ${index + 1} of ${log.length} \\(seat ${bad.seat}, `),
            );
            expect(steps).toEqual(Array.from({ length: index }, (_, i) => i));
          },
        ),
        { numRuns: 8 },
      );
    });

    it('keeps a score sheet whose rows add up to its totals, one row a hand', () => {
      const { states } = playRandomly(game, config, `sheet-${formId}`, 3);
      const last = states.at(-1);
      const sheet = game.scoreSheet(last);
      expect(sheet.rows).toHaveLength(game.handsPlayed(last));
      expect(sheet.totals).toHaveLength(game.table(config).sides.length);
      sheet.totals.forEach((total, side) => {
        expect(sum(sheet.rows.map((row) => row.delta[side]!))).toBe(total);
      });
      const over = game.phase(last) === 'game-over';
      expect(game.result(last) === null).toBe(!over);
      if (over) expect(game.result(last)!.totals).toEqual(sheet.totals);
    });

    it("tells a server each deal's number and seed, its cards, and the game's own result and history", () => {
      const { states } = playRandomly(game, config, `server-${formId}`, 3);
      const first = states[0];
      // A new deal has a new number and seed, and its cards as dealt are the whole deck, once.
      const cards = game.cardsOnDeal(first);
      const all = [...cards.hands.flat(), ...cards.aside];
      expect(all.length).toBeGreaterThan(0);
      expect(cards.hands.length).toBeGreaterThanOrEqual(seatCount);
      const deals = new Map<number, string>();
      for (const state of states) {
        const { number, seed, dealer } = game.deal(state);
        expect(dealer).toBeGreaterThanOrEqual(0);
        expect(dealer).toBeLessThan(seatCount);
        const known = deals.get(number);
        if (known === undefined) deals.set(number, seed);
        else expect(seed).toBe(known);
        // What the views show as the game's own result and history (game-over event, records).
        const shown = game.view(state, 'spectator') as { result: unknown; history: unknown };
        expect(game.ownResult(state)).toBe(shown.result);
        expect(game.ownHistory(state)).toBe(shown.history);
      }
      expect(new Set(deals.values()).size).toBe(deals.size);
      expect(deals.size).toBeGreaterThan(1);
      expect(game.answersOwnPrompt('hand-end', 'continue')).toBe(true);
      expect(game.answersOwnPrompt('play', 'play')).toBe(false);
      expect(game.answersOwnPrompt('hand-end', 'play')).toBe(false);
    });
  },
);
