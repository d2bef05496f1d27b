/**
 * A table's pace (issue 25, point 8): how long a bot waits before it acts and how long a
 * finished trick lies on the table, as one setting a host can understand.
 *
 * - relaxed (1.2 s / 2 s): time to follow every card and read the whole trick, for
 *   learners and for a table that talks while it plays.
 * - normal (0.7 s / 1.2 s): the delays Kibitz always had (a bot hand takes about a minute).
 * - fast (0.25 s / 0.5 s): a bot's card still lands (the card's flight is 0.2 s) and the
 *   trick is seen with its winner, but a hand with bots takes a third of the time.
 *
 * The bot delay here is at the server's base delay of 700 ms (KIBITZ_BOT_DELAY_MS, the
 * normal pace's): a server with another base scales every pace in proportion, so a base of
 * 0 (tests, the bench) has no bot delay at any pace. The trick pause is the pace's unless
 * the table's `trickPauseMs` names one (an override for tests, the bench and the API);
 * choosing a pace clears that override unless the same change sets one.
 */
export const PACES = ['relaxed', 'normal', 'fast'] as const;
export type Pace = (typeof PACES)[number];

export const PACE_TIMING: Readonly<Record<Pace, { botDelayMs: number; trickPauseMs: number }>> = {
  relaxed: { botDelayMs: 1200, trickPauseMs: 2000 },
  normal: { botDelayMs: 700, trickPauseMs: 1200 },
  fast: { botDelayMs: 250, trickPauseMs: 500 },
};

/** The settings a pace reads: the pace, and the trick pause's override (null: none). */
export interface PacedSettings {
  pace: Pace;
  trickPauseMs: number | null;
}

/** How long a finished trick lies on the table (ms): the override, else the pace's. */
export function trickPauseOf(settings: PacedSettings): number {
  return settings.trickPauseMs ?? PACE_TIMING[settings.pace].trickPauseMs;
}

/**
 * How long a bot waits before it acts (ms): the pace's delay scaled by the server's base
 * (`baseMs`, the normal pace's delay on this server: KIBITZ_BOT_DELAY_MS).
 */
export function botDelayOf(settings: Pick<PacedSettings, 'pace'>, baseMs: number): number {
  const { botDelayMs } = PACE_TIMING[settings.pace];
  return Math.round((botDelayMs * baseMs) / PACE_TIMING.normal.botDelayMs);
}

/**
 * A change of settings with its pace applied: a patch that names a pace but no trick
 * pause clears the table's override, so the pace's pause holds.
 */
export function withPace<P extends { pace?: Pace | undefined; trickPauseMs?: number | null | undefined }>(
  patch: P,
): P {
  if (patch.pace === undefined || patch.trickPauseMs !== undefined) return patch;
  return { ...patch, trickPauseMs: null };
}
