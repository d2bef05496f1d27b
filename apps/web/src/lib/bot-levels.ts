/** The bots' levels as the page offers and shows them. */
import type { SeatOccupant } from '@kibitz/protocol';
import type { MessageKey } from './i18n.ts';

export type BotLevel = NonNullable<SeatOccupant['botLevel']>;

/** Every level the protocol knows (the compiler checks), weakest first. */
const ORDER: Record<BotLevel, number> = { easy: 0, normal: 1, strong: 2 };
export const BOT_LEVELS = (Object.keys(ORDER) as BotLevel[]).sort((a, b) => ORDER[a] - ORDER[b]);

/** What the host's choice starts at: bots that count cards, yet decide in a blink. */
export const DEFAULT_BOT_LEVEL: BotLevel = 'normal';

export function botLevelKey(level: BotLevel): MessageKey {
  return `bot.level.${level}`;
}
