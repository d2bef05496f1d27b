/**
 * A finished game, frame by frame, for any game of the registry. The game is over, so the
 * client may replay its log (the export holds config, seed and every action) with the rules
 * package's one replay (`replayLog`); each game says only how a position becomes a frame
 * (its `FrameMaker`). Loaded only on the replay page.
 */
import { type GameModule, type LoggedMove, type Refusal, replayLog } from '@kibitz/rules';

export type LoggedAction = LoggedMove<{ type: string }>;

/** What every game's frame holds: the navigation (hands, tricks, moves) reads only this. */
export interface ReplayFrameBase {
  /** Frame number (0 = the first deal, before anyone acts). */
  index: number;
  /** The deal this frame belongs to (0-based). */
  deal: number;
  /** Tricks completed in this hand so far. */
  tricks: number;
  /** The move this frame shows (null for a fresh deal). */
  move: LoggedAction | null;
  /** True on the frame whose move ended its hand (the old hand still on the table, the new score). */
  handEnded: boolean;
}

export interface Replay<Config, Frame extends ReplayFrameBase> {
  config: Config;
  seatCount: number;
  frames: Frame[];
  /** Set if the log stops replaying (a corrupt log); the frames up to there still play. */
  error: string | null;
}

/** How a game turns its positions into frames. */
export interface FrameMaker<State, Action, Frame extends ReplayFrameBase> {
  /** A position: a fresh deal (`move` null), or the one after `move` (`before` the one before it). */
  frame(index: number, state: State, move: LoggedMove<Action> | null, before: State | null): Frame;
  /** The frame of a move that ended its hand: the old hand on the table, the score after it. */
  closing(index: number, before: State, after: State, move: LoggedMove<Action>): Frame;
}

/**
 * Every frame of a game log: the first deal, one per logged (or implied) move, a closing
 * frame for each hand and then the next deal. A log the rules refuse stops at the refused
 * move and says which.
 */
export function buildFrames<Config, State, Action extends { type: string }, Frame extends ReplayFrameBase>(
  game: GameModule<Config, State, Action, unknown, Refusal>,
  maker: FrameMaker<State, Action, Frame>,
  input: unknown,
  seed: string,
  log: readonly LoggedAction[],
): Replay<Config, Frame> {
  const parsed = game.parseConfig(input);
  if (!parsed.ok) {
    throw new Error(
      `the game's config does not parse: ${parsed.errors.map((error) => error.message).join('; ')}`,
    );
  }
  const config = parsed.config;
  const frames: Frame[] = [maker.frame(0, game.create(config, seed), null, null)];
  // The export's actions are only known to be objects with a type: the game's own `apply`
  // checks each one, and a move it refuses ends the replay with a typed error (below).
  const moves = log as readonly LoggedMove<Action>[];
  const result = replayLog(game, config, seed, moves, (before, after, move) => {
    if (game.handsPlayed(after) > game.handsPlayed(before)) {
      frames.push(maker.closing(frames.length, before, after, move));
      if (game.phase(after) !== 'game-over') frames.push(maker.frame(frames.length, after, null, null));
    } else {
      frames.push(maker.frame(frames.length, after, move, before));
    }
  });
  // The rules' replay stops at the first refused move and names it; the frames end before it.
  const error = result.ok
    ? null
    : `move ${result.index + 1} does not replay (${result.rejection.code}: ${result.rejection.message})`;
  return { config, seatCount: game.table(config).seatCount, frames, error };
}

/** Frame indexes where each hand starts. */
export function handStarts(frames: readonly ReplayFrameBase[]): number[] {
  return frames
    .filter((frame, i) => i === 0 || frame.deal !== frames[i - 1]!.deal)
    .map((frame) => frame.index);
}

/** The next frame after `index` that completes a trick or a hand (or the last frame). */
export function nextTrickEnd(frames: readonly ReplayFrameBase[], index: number): number {
  for (let i = index + 1; i < frames.length; i++) {
    const frame = frames[i]!;
    const previous = frames[i - 1]!;
    if (frame.move?.action.type === 'play' && (frame.tricks > previous.tricks || frame.handEnded)) return i;
  }
  return frames.length - 1;
}
