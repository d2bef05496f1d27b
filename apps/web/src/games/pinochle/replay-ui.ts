/** Pinochle's replay as the replay page draws it (loaded on that page only). */

import { eraseReplayUi } from '../types.ts';
import { describeAction } from './labels.ts';
import PinochleReplayBoard from './PinochleReplayBoard.svelte';
import PinochleReplayScore from './PinochleReplayScore.svelte';
import { formatPoints, pointScale } from './points.ts';
import { buildReplay, type PinochleReplay, type ReplayFrame } from './replay.ts';

export const replayUi = eraseReplayUi<ReplayFrame, PinochleReplay>({
  build: buildReplay,
  Board: PinochleReplayBoard,
  Score: PinochleReplayScore,
  describe: (replay, frame, names, locale) =>
    frame.move === null
      ? ''
      : describeAction(frame.move.action, names[frame.move.seat] ?? '', locale, (n) =>
          formatPoints(n, replay.config),
        ),
  shownPoints: (replay, points) => points / pointScale(replay.config),
});
