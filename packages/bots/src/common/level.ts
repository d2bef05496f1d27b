/** The bot levels every game's bots offer (each game says what a level searches). */
export const BOT_LEVELS = ['easy', 'normal', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
