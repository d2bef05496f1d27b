/**
 * What must hold of every table state, whatever came before (issue 12): checked after
 * every step of the property tests. Returns the broken rules (empty when all hold).
 */
import { type CoreState, gameRunning, isConnected, seatOf } from './state.ts';

export function brokenInvariants(state: CoreState): string[] {
  const broken: string[] = [];
  for (const [socketId, memberId] of state.sockets) {
    if (memberId !== null && !state.members.has(memberId))
      broken.push(`socket ${socketId} belongs to no member`);
  }
  const seen = new Set<string>();
  state.seats.forEach((holder, seat) => {
    if (holder === null) return;
    const member = state.members.get(holder.memberId);
    if (member === undefined) broken.push(`seat ${seat} is held by nobody known`);
    if (seen.has(holder.memberId)) broken.push(`member ${holder.memberId} holds two seats`);
    seen.add(holder.memberId);
    if (member === undefined) return;
    if (member.bot && holder.heldUntil !== null) broken.push(`bot in seat ${seat} has a hold`);
    if (!member.bot) {
      const away = !isConnected(state, member);
      if ((away || holder.left) !== (holder.heldUntil !== null)) {
        broken.push(`seat ${seat}: held=${holder.heldUntil !== null} but away=${away} left=${holder.left}`);
      }
    }
    if (holder.left && !gameRunning(state)) broken.push(`seat ${seat} is left outside a game`);
    if (gameRunning(state) && state.game!.holders.get(holder.memberId) !== seat) {
      broken.push(`seat ${seat}'s holder is not recorded as holding it in this game`);
    }
  });
  if (state.members.size > state.limits.maxMembers) broken.push(`${state.members.size} members`);
  for (const member of state.members.values()) {
    const unseatedHuman = !member.bot && seatOf(state, member.id) === null;
    const gone = unseatedHuman && !isConnected(state, member);
    if (gone !== (member.goneSince !== null))
      broken.push(`member ${member.id}: gone=${gone} goneSince=${member.goneSince}`);
  }
  if (state.game !== null) {
    const seatsOfGame = new Set(state.game.holders.values());
    const seatCount = state.game.module.table(state.game.config).seatCount;
    for (const seat of seatsOfGame) if (seat >= seatCount) broken.push(`game seat ${seat} out of range`);
  }
  return broken;
}

/** After every timer due by `now` has fired: no hold is past its deadline, no gone member past theirs. */
export function overdue(state: CoreState, now: number): string[] {
  const late: string[] = [];
  state.seats.forEach((holder, seat) => {
    if (holder?.heldUntil != null && holder.heldUntil <= now)
      late.push(`seat ${seat} held past its deadline`);
  });
  for (const member of state.members.values()) {
    if (
      member.goneSince !== null &&
      member.id !== state.hostId &&
      member.goneSince + state.limits.goneMemberMs <= now
    ) {
      late.push(`member ${member.id} kept past their time`);
    }
  }
  return late;
}
