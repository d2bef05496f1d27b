/**
 * The bots' levels, as the host picks them in the seat list and as a seat shows them,
 * in a file of their own (merged into i18n.ts's catalog). German must have every key
 * with the same placeholders (the compiler and i18n.test.ts check it).
 */

export const BOTS_EN = {
  'bot.level': 'Bot level',
  'bot.levelFor': 'Level of the bot for seat {seat}',
  'bot.level.easy': 'easy',
  'bot.level.normal': 'normal',
  'bot.level.strong': 'strong',
  'bot.tag': 'bot · {level}',
  'bot.levelHint': 'Easy plays by rules of thumb; normal and strong count cards and think ahead.',
};

export const BOTS_DE: Record<keyof typeof BOTS_EN, string> = {
  'bot.level': 'Spielstärke',
  'bot.levelFor': 'Spielstärke des Bots für Platz {seat}',
  'bot.level.easy': 'leicht',
  'bot.level.normal': 'mittel',
  'bot.level.strong': 'stark',
  'bot.tag': 'Bot · {level}',
  'bot.levelHint': 'Leicht spielt nach Faustregeln; mittel und stark zählen Karten mit und denken voraus.',
};
