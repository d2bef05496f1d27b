/**
 * The messages of the house-rules form, the copy-link button and the card refusals, in
 * a file of their own (merged into i18n.ts's catalog) so that they can change without
 * touching the table's messages. German must have every key with the same placeholders
 * (the compiler and i18n.test.ts check it).
 */

export const RULES_EN = {
  'rules.common': 'Common rules',
  'rules.advanced': 'More rules',
  'rules.source': 'From: {sheets}',
  'rules.sourceJoin': ' and ',
  'rules.seconds': '{value} s',
  'rules.unitSeconds': 'seconds',
  'rules.increment': 'from {from} up by {step}',
  'rules.settingsHint': 'How the table runs; these are not rules of the game.',
  'sheet.auction-west': 'Auction Pinochle rules (West)',
  'sheet.cutthroat': 'Cutthroat rules',
  'sheet.double-deck': 'Double Deck rules',
  'sheet.auction-bridge': 'Auction Bridge rules (its variations)',
  'sheet.kibitz': 'Kibitz (not on the rule sheets)',
  'rules.error.rising': 'Each step must start at a higher bid than the one before.',
  'rules.error.firstStep': 'The first step must start at or below the opening bid.',
  'rules.error.maximumBid': 'The maximum bid must be at least the opening bid.',
  'rules.error.tobyThomas': 'Toby Thomas passing happens before trump is named.',
  'rules.error.afterPassing': '“After passing cards” needs card passing (more than 0 cards).',
  'rules.error.value': 'This value is not allowed here.',
  'copy.copied': 'Copied',
  'copy.pressKeys': 'Press {keys} to copy',
  'copy.linkLabel': 'Link to this table',
  'refusal.allowed': 'Allowed: {cards}',
  'refusal.notHeld': 'You do not hold {card}.',
} as const;

export type RulesMessageKey = keyof typeof RULES_EN;

export const RULES_DE: Record<RulesMessageKey, string> = {
  'rules.common': 'Übliche Regeln',
  'rules.advanced': 'Weitere Regeln',
  'rules.source': 'Aus: {sheets}',
  'rules.sourceJoin': ' und ',
  'rules.seconds': '{value} s',
  'rules.unitSeconds': 'Sekunden',
  'rules.increment': 'ab {from} um {step}',
  'rules.settingsHint': 'Wie der Tisch läuft; das sind keine Spielregeln.',
  'sheet.auction-west': 'Regelblatt Auction-Pinochle (West)',
  'sheet.cutthroat': 'Regelblatt Cutthroat',
  'sheet.double-deck': 'Regelblatt Doppeldeck-Pinochle',
  'sheet.auction-bridge': 'Regelblatt Auction-Bridge (Varianten)',
  'sheet.kibitz': 'Kibitz (steht auf keinem Regelblatt)',
  'rules.error.rising': 'Jeder Schritt muss bei einem höheren Gebot beginnen als der davor.',
  'rules.error.firstStep': 'Der erste Schritt muss beim Eröffnungsgebot oder darunter beginnen.',
  'rules.error.maximumBid': 'Das Höchstgebot muss mindestens das Eröffnungsgebot sein.',
  'rules.error.tobyThomas': 'Beim Tausch nach Toby Thomas wird vor der Trumpfansage getauscht.',
  'rules.error.afterPassing': '„Nach dem Kartentausch“ braucht einen Kartentausch (mehr als 0 Karten).',
  'rules.error.value': 'Dieser Wert ist hier nicht erlaubt.',
  'copy.copied': 'Kopiert',
  'copy.pressKeys': 'Zum Kopieren {keys} drücken',
  'copy.linkLabel': 'Link zu diesem Tisch',
  'refusal.allowed': 'Erlaubt: {cards}',
  'refusal.notHeld': 'Du hast {card} nicht auf der Hand.',
};
