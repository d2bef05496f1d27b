/** Table chat, for players and named spectators; short messages, a few at a time. */
import { done, type Outcome, refuse } from './outcome.ts';
import type { Table } from './table.ts';

/** Messages a newcomer is shown (and reloaded from the database after a restart). */
export const RECENT_CHAT = 50;

export async function chat(table: Table, socketId: string, text: string): Promise<Outcome> {
  const member = table.memberOf(socketId);
  if (member === undefined) return refuse('not-at-table', 'Join the table with a name to chat');
  // Players always may; so does the host, who sets the rule.
  if (member.seat === null && member.id !== table.hostId && !table.settings.spectatorChat) {
    return refuse('spectator-chat-off', 'The host has turned chat off for spectators');
  }
  const { messages, windowMs } = table.ctx.chat;
  const now = table.ctx.now();
  const recent = (table.chatTimes.get(member.id) ?? []).filter((time) => now - time < windowMs);
  if (recent.length >= messages) {
    table.chatTimes.set(member.id, recent);
    return refuse('chat-too-fast', `At most ${messages} messages per ${Math.round(windowMs / 1000)} s`);
  }
  recent.push(now);
  table.chatTimes.set(member.id, recent);
  await table.ctx.store.addChat(table.id, member.id, text, new Date(now));
  const message = { from: { playerId: member.id, name: member.name }, text, at: new Date(now).toISOString() };
  table.recentChat.push(message);
  if (table.recentChat.length > RECENT_CHAT) table.recentChat.shift();
  table.emit(table.allSockets(), 'chat', message);
  return done;
}
