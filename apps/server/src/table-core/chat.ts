/** Table chat, for players and named spectators; short messages, a few at a time. */
import { type Refused, refused, refusedFor } from './commands.ts';
import type { Out } from './out.ts';
import { allSockets } from './play.ts';
import { type CoreState, memberAt, seatOf } from './state.ts';

export function chat(state: CoreState, out: Out, socketId: string, text: string): CoreState | Refused {
  const member = memberAt(state, socketId);
  if (member === undefined) return refused('not-at-table', 'Join the table with a name to chat');
  // Players always may; so does the host, who sets the rule.
  if (!state.settings.spectatorChat && seatOf(state, member.id) === null && member.id !== state.hostId) {
    return refused('spectator-chat-off', 'The host has turned chat off for spectators');
  }
  const { chatMessages, chatWindowMs } = state.limits;
  const now = out.now;
  const recent = (state.chatTimes.get(member.id) ?? []).filter((time) => now - time < chatWindowMs);
  if (recent.length >= chatMessages) {
    return refusedFor(
      'chat-too-fast',
      `At most ${chatMessages} messages per ${Math.round(chatWindowMs / 1000)} s`,
      Math.max(1, recent[0]! + chatWindowMs - now),
    );
  }
  const chatTimes = new Map(state.chatTimes);
  chatTimes.set(member.id, [...recent, now]);
  // Each message a later moment than the one before: `at` is the cursor for earlier chat.
  const last = state.recentChat.at(-1);
  const at = last === undefined ? now : Math.max(now, Date.parse(last.at) + 1);
  out.store({ op: 'add-chat', playerId: member.id, text, at });
  const message = { from: { playerId: member.id, name: member.name }, text, at: new Date(at).toISOString() };
  const recentChat = [...state.recentChat, message].slice(-state.limits.recentChat);
  out.send(allSockets(state), { event: 'chat', payload: message });
  return { ...state, chatTimes, recentChat };
}
