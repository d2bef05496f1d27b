/** Bridge's replay as the replay page draws it (loaded on that page only). */
import { eraseReplayUi } from '../types.ts';
import BridgeReplayBoard from './BridgeReplayBoard.svelte';
import BridgeReplayScore from './BridgeReplayScore.svelte';
import { reviewedContractName } from './cards.ts';
import { describeBridgeMove } from './move-text.ts';
import { type BridgeReplay, type BridgeReplayFrame, buildBridgeReplay } from './replay.ts';

export const replayUi = eraseReplayUi<BridgeReplayFrame, BridgeReplay>({
  build: buildBridgeReplay,
  Board: BridgeReplayBoard,
  Score: BridgeReplayScore,
  describe: (_replay, frame, names, locale) => describeBridgeMove(frame, names, locale),
  contractName: (name, locale) => reviewedContractName(name, locale),
});
