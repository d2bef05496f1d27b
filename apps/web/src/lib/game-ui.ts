/**
 * Each game's web components, by the registry's game id (the compiler insists a game of
 * the registry has an entry). Pinochle's are part of the page; Bridge's load with the
 * first Bridge table, so that a first visit (the lobby, a Pinochle table) does not carry them.
 */
import type { GameId } from '@kibitz/rules/game';

export type BridgeUi = typeof import('../games/bridge/ui.ts');

export const GAME_UI = {
  pinochle: 'built-in',
  'auction-bridge': () => import('../games/bridge/ui.ts'),
} as const satisfies Record<GameId, 'built-in' | (() => Promise<unknown>)>;

let bridge: Promise<BridgeUi> | null = null;

/** Bridge's components, loaded once. */
export function loadBridgeUi(): Promise<BridgeUi> {
  bridge ??= GAME_UI['auction-bridge']();
  return bridge;
}
