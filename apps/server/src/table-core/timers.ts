/**
 * The timers a state calls for, as data: the shell keeps exactly these running (by key)
 * and feeds each one back as a command when it comes due. Each names what it answers
 * (a version, a hold's member), so one that fires late changes nothing.
 */
import { botDelayOf, trickPauseOf } from '@kibitz/protocol';
import type { Timer } from './commands.ts';
import { phaseOf, toActOf, versionOf } from './game.ts';
import { botPlays, type CoreState, gameRunning, isConnected } from './state.ts';

export function wantedTimers(state: CoreState): Timer[] {
  const timers: Timer[] = [];
  if (state.closing) return timers;
  state.seats.forEach((holder, seat) => {
    if (holder?.heldUntil != null) {
      timers.push({
        key: `hold:${seat}:${holder.memberId}:${holder.heldUntil}`,
        at: holder.heldUntil,
        command: { kind: 'release-seat', seat, memberId: holder.memberId },
      });
    }
  });
  for (const member of state.members.values()) {
    if (member.goneSince === null || member.id === state.hostId) continue;
    timers.push({
      key: `gone:${member.id}:${member.goneSince}`,
      at: member.goneSince + state.limits.goneMemberMs,
      command: { kind: 'forget-member', memberId: member.id },
    });
  }
  timers.push(...playTimers(state));
  return timers;
}

/** Timers that move the game on by themselves: bots' turns and turn timers. */
export function playTimers(state: CoreState): Timer[] {
  const game = state.game;
  if (game === null || !gameRunning(state) || state.closing) return [];
  const timers: Timer[] = [];
  const version = versionOf(game);
  const phase = phaseOf(game);
  const toAct = toActOf(game);
  if (phase === 'trick-end') {
    return [
      {
        key: `gather:${version}`,
        at: game.since + (trickPauseOf(state.settings) * state.limits.secondMs) / 1000,
        command: { kind: 'gather', version },
      },
    ];
  }
  if (phase === 'hand-end') {
    for (const seat of toAct) {
      if (botPlays(state, seat)) {
        timers.push({
          key: `continue:${seat}:${version}`,
          at: game.since,
          command: { kind: 'continue', seat, version },
        });
      }
    }
    timers.push({
      key: `hand-end:${game.phaseSince}`,
      at: game.phaseAt + state.settings.handEndSeconds * state.limits.secondMs,
      command: { kind: 'hand-end', phaseSince: game.phaseSince },
    });
    return timers;
  }
  const turnSeconds = state.settings.turnTimerSeconds;
  for (const seat of toAct) {
    if (botPlays(state, seat)) {
      timers.push({
        key: `bot:${seat}:${version}`,
        // The table's pace, scaled by the server's base delay (protocol's pace.ts).
        at: game.since + botDelayOf(state.settings, state.limits.botDelayMs),
        command: { kind: 'bot-turn', seat, version },
      });
    } else if (turnSeconds !== null) {
      timers.push({
        key: `turn:${seat}:${version}`,
        at: game.since + turnSeconds * state.limits.secondMs,
        command: { kind: 'turn-timeout', seat, version },
      });
    }
  }
  return timers;
}

/**
 * Milliseconds until the turn timer acts at the current version (or the result panel
 * closes by itself, so the page can count it down), or null when neither runs.
 */
export function turnTimeLeft(state: CoreState, now: number): number | null {
  let soonest: number | null = null;
  for (const timer of playTimers(state)) {
    if (timer.command.kind !== 'turn-timeout' && timer.command.kind !== 'hand-end') continue;
    if (soonest === null || timer.at < soonest) soonest = timer.at;
  }
  return soonest === null ? null : Math.max(0, Math.round(soonest - now));
}

/**
 * Nobody connected and nothing that moves the game on by itself: the table may leave
 * memory (it is stored; the next join loads it back).
 */
export function isIdle(state: CoreState): boolean {
  if (state.sockets.size > 0) return false;
  if (playTimers(state).length > 0) return false;
  for (const member of state.members.values()) if (isConnected(state, member) && !member.bot) return false;
  return true;
}
