import { heuristicBot, playGame } from '@kibitz/bots/pinochle';
import { apply, createGame, defaultConfig, type GameState, type Viewer, view } from '@kibitz/rules/pinochle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverEventSchemas } from './server-messages.ts';
import {
  type SentViewPayload,
  toSentView,
  ViewAssembler,
  ViewAssemblyError,
  type ViewPayload,
} from './view-delta.ts';

/**
 * Every state of one bot game, version by version, each made from the one before by
 * `apply`, as the server makes them (so unchanged parts are the same objects).
 */
function statesOfGame(variant: 'cutthroat' | 'double-deck', seed: string): GameState[] {
  const config = defaultConfig(variant);
  const seats = variant === 'double-deck' ? 4 : 3;
  const played = playGame(
    config,
    seed,
    Array.from({ length: seats }, () => heuristicBot),
  );
  const states = [createGame(config, seed)];
  for (const { seat, action } of played.log) {
    const result = apply(states.at(-1)!, seat, action);
    if (!result.ok) throw new Error(`the bot game does not replay: ${result.rejection.message}`);
    states.push(result.state);
  }
  return states;
}

const cutthroat = statesOfGame('cutthroat', 'view-delta');
const doubleDeck = statesOfGame('double-deck', 'view-delta');

/** The server's side for one connection: sends the chosen versions, remembering the last. */
function sendAll(states: GameState[], viewer: Viewer, versions: readonly number[], gameId = 'g1') {
  let before: ViewPayload | undefined;
  const sent: SentViewPayload[] = [];
  for (const version of versions) {
    const current = { gameId, version, view: view(states[version]!, viewer) };
    sent.push(toSentView(before, current));
    before = current;
  }
  return sent;
}

describe('views without their unchanged parts', () => {
  it('put together, every view is exactly the rules’ view, for every seat and a spectator', () => {
    for (const states of [cutthroat, doubleDeck]) {
      const seats = states[0]!.config.variant === 'double-deck' ? 4 : 3;
      const versions = states.map((_, version) => version);
      for (const viewer of [...Array.from({ length: seats }, (_, seat) => seat), 'spectator' as const]) {
        const assembler = new ViewAssembler();
        for (const payload of sendAll(states, viewer, versions)) {
          // Each packet is a valid `view` event as the protocol defines it.
          expect(serverEventSchemas.view.safeParse(payload).success).toBe(true);
          expect(assembler.assemble(payload).view).toEqual(view(states[payload.version]!, viewer));
        }
      }
    }
  });

  it('sends the first view whole, then only what changed: a fraction of the bytes', () => {
    const versions = cutthroat.map((_, version) => version);
    const sent = sendAll(cutthroat, 0, versions);
    expect(sent[0]!.base).toBeUndefined();
    expect(sent.slice(1).every((payload, index) => payload.base === index)).toBe(true);
    // The house rules, the score history and the melds travel only when they change.
    const withRules = sent.slice(1).filter((payload) => 'config' in payload.view);
    expect(withRules).toEqual([]);
    const wholeBytes = versions.reduce((sum, v) => sum + JSON.stringify(view(cutthroat[v]!, 0)).length, 0);
    const sentBytes = sent.reduce((sum, payload) => sum + JSON.stringify(payload).length, 0);
    // Measured on this game: about a tenth.
    expect(sentBytes).toBeLessThan(wholeBytes * 0.25);
  });

  it('whatever versions a connection is sent, in order, it puts together the right views', () => {
    fc.assert(
      fc.property(
        fc.subarray(
          doubleDeck.map((_, version) => version),
          { minLength: 1 },
        ),
        fc.constantFrom<Viewer>(0, 1, 2, 3, 'spectator'),
        (versions, viewer) => {
          const assembler = new ViewAssembler();
          for (const payload of sendAll(doubleDeck, viewer, versions)) {
            expect(assembler.assemble(payload).view).toEqual(view(doubleDeck[payload.version]!, viewer));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('leaves the received packets as they came', () => {
    const sent = sendAll(cutthroat, 'spectator', [20, 21, 22]);
    const before = JSON.stringify(sent);
    const assembler = new ViewAssembler();
    for (const payload of sent) assembler.assemble(payload);
    expect(JSON.stringify(sent)).toBe(before);
  });

  it('a view of another game is sent whole', () => {
    const first = { gameId: 'g1', version: 3, view: view(cutthroat[3]!, 1) };
    const next = { gameId: 'g2', version: 4, view: view(cutthroat[4]!, 1) };
    expect(toSentView(first, next)).toBe(next);
    expect(toSentView(undefined, next)).toBe(next);
  });

  it('refuses changes to a view that is not the last one received', () => {
    const [whole, changes, later] = sendAll(cutthroat, 2, [10, 11, 12]);
    expect(changes!.base).toBe(10);
    // Nothing received before.
    expect(() => new ViewAssembler().assemble(changes!)).toThrow(ViewAssemblyError);
    // The last view was of another game.
    const otherGame = new ViewAssembler();
    otherGame.assemble({ ...whole!, view: { ...whole!.view }, gameId: 'other' });
    expect(() => otherGame.assemble(changes!)).toThrow(
      /holds changes to v10, but the last view here was v10 of game other/,
    );
    // A view went missing in between.
    const gap = new ViewAssembler();
    gap.assemble({ ...whole!, view: { ...whole!.view } });
    expect(() => gap.assemble(later!)).toThrow(/holds changes to v11, but the last view here was v10/);
    // After a reset (a new connection), only a whole view will do.
    const fresh = new ViewAssembler();
    fresh.assemble({ ...whole!, view: { ...whole!.view } });
    fresh.reset();
    expect(() => fresh.assemble(changes!)).toThrow(ViewAssemblyError);
  });
});
