/** Someone at a table: a named guest (seated or watching) or a bot in a seat. */
export interface Member {
  id: string;
  name: string;
  bot: boolean;
  seat: number | null;
  /** Open connections (socket ids); a human with none is away. */
  sockets: Set<string>;
  /** While an away player's seat is held for them: until when (ms since epoch). */
  heldUntil: number | null;
  holdTimer: NodeJS.Timeout | null;
}

export function newMember(
  id: string,
  name: string,
  options: { bot?: boolean; seat?: number | null } = {},
): Member {
  return {
    id,
    name,
    bot: options.bot ?? false,
    seat: options.seat ?? null,
    sockets: new Set(),
    heldUntil: null,
    holdTimer: null,
  };
}

export function isAway(member: Member): boolean {
  return !member.bot && member.sockets.size === 0;
}
