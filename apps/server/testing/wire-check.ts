/**
 * The wire-level leak check, for any game: everything the server emitted to a client
 * during a game is compared with what the rules say that client may see, recomputed from
 * the game log. A view must be exactly the game's view(state, viewer) at its version; a
 * seed may appear only in the reveal of a hand that client has already seen end; the game
 * seed never. Bridge views are also held to the dummy rule (bridge-wire-check.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { serverEventSchemas } from '@kibitz/protocol';
import { type AnyGameModule, replayOrThrow, sha256Hex } from '@kibitz/rules';
import type { BridgeState, BridgeView } from '@kibitz/rules/bridge';
import type { Action, GameConfig, GameState, Viewer } from '@kibitz/rules/pinochle';
import { gameOf, parseTableConfig } from '../src/table-core/game.ts';
import { checkDummyRule } from './bridge-wire-check.ts';
import type { Received } from './clients.ts';

/** A game's export (`/api/games/:id/export`); typed as Pinochle's unless a test says its game. */
export interface ExportedGame<Config = GameConfig, A extends { type: string } = Action> {
  game: { id: string; config: Config; seed: string; status: string };
  actions: { seq: number; seat: number; action: A }[];
}

/** Any game's export (the checks below are game-neutral). */
type AnyExport = ExportedGame<unknown, { type: string }>;

/** The game an export is of, and its config as the game validates it. */
export function gameOfExport(exported: AnyExport): { module: AnyGameModule; config: unknown } {
  const parsed = parseTableConfig(exported.game.config);
  if (!parsed.ok) throw new Error(`the exported config does not validate: ${parsed.message}`);
  return { module: gameOf(parsed.config), config: parsed.config };
}

/** Every state of the game, index = version (`State`: the game's own, for a caller that knows it). */
export function statesOf<State = GameState>(exported: AnyExport): State[] {
  const { module, config } = gameOfExport(exported);
  const states = [module.create(config, exported.game.seed)];
  // The rules' one replay: a log that does not replay throws a BadLogError naming the position.
  replayOrThrow(module, config, exported.game.seed, exported.actions, (_before, after) => states.push(after));
  return states as State[];
}

export interface WireReport {
  payloads: number;
  views: number;
  reveals: number;
  problems: string[];
}

/** The fields a `view` packet may have: those its schema names. */
const VIEW_PACKET_FIELDS: ReadonlySet<string> = new Set(Object.keys(serverEventSchemas.view.shape));

/**
 * Checks one client's recording for one game. `viewer` says who the client was (a
 * seat, or 'spectator'); every view it got must be that viewer's view.
 */
export function checkWire(received: readonly Received[], exported: AnyExport, viewer: Viewer): WireReport {
  const { module } = gameOfExport(exported);
  const states = statesOf<unknown>(exported);
  const gameId = exported.game.id;
  const dealSeeds = new Map<string, number>();
  for (const state of states) {
    const deal = module.deal(state);
    dealSeeds.set(deal.seed, deal.number);
  }
  const endedSeen = new Set<number>();
  const report: WireReport = { payloads: 0, views: 0, reveals: 0, problems: [] };
  const problem = (index: number, text: string) => {
    if (report.problems.length < 20) report.problems.push(`#${index}: ${text}`);
  };

  for (const [index, { event, payload, wire }] of received.entries()) {
    check(index, event, payload, wire === undefined ? payload : wire);
  }
  return report;

  /** `payload` as the client has it (a view put together), `wire` as it was sent. */
  function check(index: number, event: string, payload: unknown, wire: unknown): void {
    report.payloads++;
    const schema = serverEventSchemas[event as keyof typeof serverEventSchemas];
    if (!schema) {
      problem(index, `unknown server event "${event}"`);
      return;
    }
    if (!schema.safeParse(wire).success) problem(index, `"${event}" does not match its schema`);
    // What was sent is a part of what the client has: a seed in either is a leak.
    const text = JSON.stringify(wire) + JSON.stringify(payload);
    if (text.includes(exported.game.seed)) problem(index, `"${event}" carries the game seed`);
    for (const [seed, deal] of dealSeeds) {
      if (!text.includes(seed)) continue;
      const isReveal = event === 'seed-reveal' && (payload as { deal: number }).deal === deal;
      if (!isReveal) problem(index, `"${event}" carries the seed of deal ${deal}`);
      else if (!endedSeen.has(deal)) problem(index, `seed of deal ${deal} revealed before its hand ended`);
    }
    if ((payload as { gameId?: string }).gameId !== gameId) return;
    if (event === 'view') {
      report.views++;
      const { version, view: sent } = payload as { version: number; view: { history: { deal: number }[] } };
      const state = states[version];
      if (state === undefined) {
        problem(index, `view of version ${version}, beyond the log`);
        return;
      }
      if (!isDeepStrictEqual(sent, module.view(state, viewer))) {
        problem(index, `view v${version} is not view(state, ${String(viewer)})`);
      }
      if (module.id === 'auction-bridge') {
        for (const text of checkDummyRule(state as BridgeState, sent as unknown as BridgeView, wire, viewer))
          problem(index, `view v${version}: ${text}`);
      }
      // The packet itself: nothing but (a part of) that view.
      const packet = wire as { view: Record<string, unknown> } & Record<string, unknown>;
      for (const key of Object.keys(packet)) {
        if (!VIEW_PACKET_FIELDS.has(key)) problem(index, `view packet has "${key}"`);
      }
      for (const [key, value] of Object.entries(packet.view)) {
        if (!isDeepStrictEqual(value, (sent as unknown as Record<string, unknown>)[key])) {
          problem(index, `view v${version} was sent a "${key}" that is not the view's`);
        }
      }
      for (const hand of sent.history) endedSeen.add(hand.deal);
    } else if (event === 'deal') {
      const { deal, commitment } = payload as { deal: number; commitment: string };
      const seed = [...dealSeeds].find(([, d]) => d === deal)?.[0];
      if (seed === undefined || sha256Hex(seed) !== commitment)
        problem(index, `commitment of deal ${deal} is wrong`);
    } else if (event === 'seed-reveal') {
      report.reveals++;
      const { seed, commitment } = payload as { seed: string; commitment: string };
      if (sha256Hex(seed) !== commitment) problem(index, 'revealed seed does not match its commitment');
    }
  }
}
