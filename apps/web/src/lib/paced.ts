/**
 * A table's pacing settings (issue 8; CONTRACT Agreement 2: playAids, handEndSeconds, ...)
 * and `playAgain`, read with the contract's defaults so the page also works with a server
 * that does not send them.
 */
import { type Pace, type TableState, trickPauseOf } from '@kibitz/protocol';

function field<T>(source: object, key: string): T | undefined {
  return (source as Record<string, unknown>)[key] as T | undefined;
}
export interface PaceSettings {
  pace: Pace;
  /** How long a finished trick lies on the table (ms): the table's override, else its pace's. */
  trickPauseMs: number;
  handEndSeconds: number;
  playAids: boolean;
  botStandIn: boolean;
  spectatorChat: boolean;
}

/** The table's settings with the contract's defaults for fields an older server does not send. */
export function paceSettings(table: TableState | null): PaceSettings {
  const settings = (table?.settings ?? {}) as Partial<Omit<PaceSettings, 'trickPauseMs'>> & {
    trickPauseMs?: number | null;
  };
  const pace = settings.pace ?? 'normal';
  return {
    pace,
    trickPauseMs: trickPauseOf({ pace, trickPauseMs: settings.trickPauseMs ?? null }),
    handEndSeconds: settings.handEndSeconds ?? 10,
    playAids: settings.playAids ?? true,
    botStandIn: settings.botStandIn ?? false,
    spectatorChat: settings.spectatorChat ?? true,
  };
}

/** Seats that asked for a new game after game over. */
export function playAgainSeats(table: TableState | null): number[] {
  const seats = table ? field<number[]>(table, 'playAgain') : undefined;
  return Array.isArray(seats) ? seats : [];
}
