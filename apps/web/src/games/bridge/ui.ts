/**
 * The Bridge table's components as the table page uses them, in one module that the page
 * loads (`import()`) the first time it shows a Bridge table: the lobby and the Pinochle
 * tables never download them (lib/game-ui.ts names each game's loader).
 */
export { sortBridgeHand } from '../../lib/bridge-cards.ts';
export { default as BridgeAuction } from './BridgeAuction.svelte';
export { default as BridgeFelt } from './BridgeFelt.svelte';
export { default as BridgePrompt } from './BridgePrompt.svelte';
export { default as BridgeScoreSheet } from './BridgeScoreSheet.svelte';
export { default as BridgeStatus } from './BridgeStatus.svelte';
