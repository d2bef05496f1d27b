/**
 * What to show for a refusal from the server. The server explains each in English, often
 * with the particulars ("Seat 2 is taken by Ann"), and that is what English readers get.
 * For German there is a text per code: the compiler makes sure every code the server
 * can send has one. A code this client does not know shows the server's own words.
 */
import type { ProtocolErrorCode, RefusalCode } from '@kibitz/protocol';
import { type Card, cardLabel, type Rank, type Suit } from '@kibitz/rules/pinochle';
import { cardFace } from './cards.ts';
import { type Locale, translate } from './i18n.ts';

type Code = RefusalCode | ProtocolErrorCode;

const de: Record<Code, string> = {
  // the table
  'no-such-table': 'Diesen Tisch gibt es nicht (mehr).',
  'not-at-table': 'Du bist nicht an diesem Tisch.',
  'already-at-table': 'Du bist schon an diesem Tisch.',
  'bad-token': 'Dein Zugang gehört nicht zu diesem Tisch; tritt ohne ihn neu bei.',
  'not-host': 'Das darf nur, wer den Tisch eröffnet hat.',
  'no-such-seat': 'Diesen Platz gibt es an diesem Tisch nicht.',
  'seat-taken': 'Der Platz ist schon besetzt.',
  'seat-locked': 'Während des Spiels kannst du nicht auf einen anderen Platz wechseln.',
  'seat-held': 'Dieser Platz wird für jemanden freigehalten, der ihn während des Spiels verlassen hat.',
  'no-such-player': 'Diese Person ist nicht am Tisch.',
  'not-seated': 'Nur wer auf einem Platz sitzt, kann spielen.',
  'game-running': 'Es läuft schon ein Spiel.',
  'no-game': 'Es läuft kein Spiel.',
  'seats-empty': 'Jeder Platz braucht eine Person oder einen Bot.',
  'bad-config': 'Diese Hausregeln passen nicht zusammen.',
  'stale-version': 'Inzwischen ist etwas anderes passiert; sieh dir den Tisch noch einmal an.',
  'chat-too-fast': 'Nicht so schnell: warte kurz, bevor du weiter schreibst.',
  'spectator-chat-off': 'Zuschauer dürfen an diesem Tisch nicht chatten.',
  'hints-off': 'An diesem Tisch gibt es keine Tipps.',
  'server-action': 'Das macht der Server selbst.',
  'shutting-down': 'Der Server wird gerade neu gestartet; gleich noch einmal versuchen.',
  'storage-failed': 'Der Zug konnte nicht gespeichert werden; es hat sich nichts geändert.',
  'too-many-tables': 'Zu viele neue Tische in kurzer Zeit; bitte später noch einmal.',
  'name-needed': 'Gib einen Namen an, um dem Tisch beizutreten.',
  'table-full': 'An diesem Tisch ist kein Platz mehr für weitere Gäste; du kannst zuschauen.',
  'cannot-remove-host': 'Wer den Tisch eröffnet hat, kann sich nicht selbst entfernen.',
  'table-moving': 'Der Tisch zieht gerade auf einen anderen Server um; gleich noch einmal versuchen.',
  // the rules
  'game-over': 'Das Spiel ist vorbei.',
  'not-a-seat': 'Diesen Platz gibt es in diesem Spiel nicht.',
  'not-your-turn': 'Du bist nicht dran.',
  'wrong-phase': 'Das geht gerade nicht.',
  'malformed-action': 'Diesen Zug versteht das Spiel nicht.',
  'bid-too-low': 'Das Gebot ist zu niedrig.',
  'bid-not-allowed': 'Dieses Gebot ist nicht erlaubt.',
  'cannot-pass': 'Du darfst nicht passen.',
  'card-not-in-hand': 'Diese Karte hast du nicht auf der Hand.',
  'illegal-card': 'Diese Karte darfst du jetzt nicht spielen (Farbe bedienen, übernehmen oder stechen).',
  'wrong-card-count': 'Das ist nicht die richtige Anzahl Karten.',
  'trump-needs-marriage': 'Trumpf kannst du nur in einer Farbe ansagen, in der du eine Ehe hast.',
  'cannot-concede': 'Aufgeben geht gerade nicht.',
  'cannot-call-redeal': 'Neu geben lassen geht gerade nicht.',
  'must-pass-requested-suit': 'Du musst Karten der verlangten Farbe schieben.',
  // Bridge
  'cannot-double': 'Verdoppeln darfst du jetzt nicht (nur die letzte Ansage der Gegner).',
  'cannot-redouble': 'Redoppeln darfst du jetzt nicht (nur eine Verdopplung deiner Ansage).',
  'must-follow-suit': 'Du musst die ausgespielte Farbe bedienen.',
  // the message itself
  'unknown-event': 'Diese Anfrage kennt der Server nicht.',
  malformed: 'Die Anfrage war fehlerhaft; es hat sich nichts geändert.',
  'rate-limited': 'Zu viele Anfragen auf einmal; kurz warten.',
  internal: 'Auf dem Server ist etwas schiefgegangen; es hat sich nichts geändert.',
};

/** What this client itself reports when a reply does not come (connection.svelte.ts). */
const clientDe: Record<string, string> = {
  timeout: 'Der Server hat nicht rechtzeitig geantwortet; versuch es noch einmal.',
};

/** Refusals whose particulars matter more than the language: the server's words follow. */
const WITH_PARTICULARS: ReadonlySet<string> = new Set(['bad-config']);

/**
 * The one place a refusal writes a card: as the table shows it. In English that is the
 * rules' cardLabel (A♦, 10♠), the same the server's messages use; the German table
 * prints D and B for queen and jack, so German refusals do too (cards.ts's cardFace).
 */
export function refusalCard(card: Card, locale: Locale): string {
  return locale === 'en' ? cardLabel(card) : cardFace(card, locale);
}

const SUIT_OF_SYMBOL: Record<string, Suit> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' };
/** A card in a server message: a code ("AD", "TS") or a label ("A♦", "10♠"). */
const CARD_IN_TEXT = /(?<![\w♠♥♦♣])(?:([AKQJT9])([SHDC])|(10|[AKQJ9])([♠♥♦♣]))(?![\w♠♥♦♣])/g;

function cardOf(match: RegExpMatchArray): Card {
  if (match[1] !== undefined) return `${match[1]}${match[2]}` as Card;
  const rank = (match[3] === '10' ? 'T' : match[3]) as Rank;
  return `${rank}${SUIT_OF_SYMBOL[match[4]!]!}` as Card;
}

/** The cards a server message names, in order. */
export function cardsIn(text: string): Card[] {
  return [...text.matchAll(CARD_IN_TEXT)].map(cardOf);
}

/** Refusals whose message may name cards. */
const ABOUT_CARDS: ReadonlySet<string> = new Set([
  'illegal-card',
  'card-not-in-hand',
  'wrong-card-count',
  'must-pass-requested-suit',
]);

/** German particulars for the refusals about cards: which cards are allowed, or missing. */
function germanCards(code: string, serverMessage: string): string {
  if (code === 'illegal-card') {
    const tail = serverMessage.split(/Allowed:/)[1];
    const allowed = tail === undefined ? [] : cardsIn(tail);
    if (allowed.length === 0) return '';
    return ` ${translate('de', 'refusal.allowed', { cards: allowed.map((card) => refusalCard(card, 'de')).join(' ') })}`;
  }
  return '';
}

/** The text to show for a refusal with `code`, in `locale`. */
export function refusalText(locale: Locale, code: string, serverMessage: string): string {
  if (locale === 'en') {
    if (!ABOUT_CARDS.has(code)) return serverMessage;
    return serverMessage.replace(CARD_IN_TEXT, (...match) =>
      refusalCard(cardOf(match as RegExpMatchArray), 'en'),
    );
  }
  if (Object.hasOwn(clientDe, code)) return clientDe[code]!;
  if (code === 'card-not-in-hand') {
    const [card] = cardsIn(serverMessage);
    if (card !== undefined) return translate('de', 'refusal.notHeld', { card: refusalCard(card, 'de') });
  }
  if (!Object.hasOwn(de, code)) return serverMessage;
  const text = de[code as Code];
  if (ABOUT_CARDS.has(code)) return `${text}${germanCards(code, serverMessage)}`;
  return WITH_PARTICULARS.has(code) ? `${text} (${serverMessage})` : text;
}
