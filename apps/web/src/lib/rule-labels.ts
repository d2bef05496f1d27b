/**
 * Names and one-line help for the house-rule options in both languages. English help
 * comes from the schemas' own .describe() texts; this file adds it only for the few
 * options the schemas leave undescribed, and holds the German translations. A unit
 * test walks every variant's schema and fails on any option missing here.
 */
import type { Variant } from '@kibitz/rules';
import type { Locale } from './i18n.ts';
import type { Field } from './rules-form.ts';

type Labels = Record<string, string>;

const LABELS: Record<Locale, Labels> = {
  en: {
    target: 'Game ends',
    'target.kind': 'Play to',
    'target.points': 'Target score',
    'target.rounds': 'Rounds',
    minimumBid: 'Minimum bid',
    maximumBid: 'Maximum bid',
    openingBid: 'Opening bid',
    openingObligation: 'Opening obligation',
    afterTwoPasses: 'After two passes',
    hopelessHandRedeal: 'Redeal for a hopeless hand',
    trickRule: 'Trick rule',
    doubledMelds: 'Doubled melds',
    doubleRoyalMarriage240: 'Double royal marriage 240',
    runMarriages: 'Marriages beside a run',
    roundhouse: 'Roundhouse',
    opponentMeldNeeds: 'Opponents’ meld needs',
    bidderMeldNeedsTrick: 'Bidder’s meld needs a trick',
    setPenalty: 'Set penalty',
    allowConcede: 'Bidder may concede',
    tieAtTarget: 'Tie at the target',
    negativeFloor: 'Negative floor',
    scoresDividedBy10: 'Scores divided by ten',
    stakes: 'Stakes',
    'stakes.mode': 'Kind',
    'stakes.unit': 'Unit',
    'stakes.gameUnits': 'Game value (units)',
    'stakes.ante': 'Ante',
    bidIncrements: 'Bid increments',
    'bidIncrements.from': 'From',
    'bidIncrements.step': 'Step',
    biddingRounds: 'Bidding rounds',
    dealerStuck: 'Dealer stuck',
    trumpNeedsMarriage: 'Trump needs a marriage',
    cardPassing: 'Card passing',
    'cardPassing.count': 'Cards passed',
    'cardPassing.style': 'Passing style',
    'cardPassing.timing': 'When',
    meldTable: 'Meld table',
    singlePinochle14: 'Single pinochle 14',
    timesTen: 'Meld times ten',
    doubleRoundhouse240: 'Double roundhouse 240',
    minimumMeld20: 'Minimum meld 20',
    concedeOpponents: 'Opponents after a concession',
    dealPacket: 'Deal packets',
    'settings.seatGraceSeconds': 'Seat held after a drop (s)',
    'settings.botStandIn': 'Bot stands in for a dropped player',
    'settings.turnTimerSeconds': 'Turn timer (s)',
  },
  de: {
    target: 'Spielende',
    'target.kind': 'Spielen bis',
    'target.points': 'Zielpunktzahl',
    'target.rounds': 'Runden',
    minimumBid: 'Mindestgebot',
    maximumBid: 'Höchstgebot',
    openingBid: 'Eröffnungsgebot',
    openingObligation: 'Reizpflicht',
    afterTwoPasses: 'Nach zwei Pässen',
    hopelessHandRedeal: 'Neu geben bei hoffnungslosem Blatt',
    trickRule: 'Stichregel',
    doubledMelds: 'Doppelte Meldungen',
    doubleRoyalMarriage240: 'Doppeltes Trumpf-Paar 240',
    runMarriages: 'Paare neben dem Seil',
    roundhouse: 'Rundgang',
    opponentMeldNeeds: 'Meldung der Gegenspieler braucht',
    bidderMeldNeedsTrick: 'Meldung des Alleinspielers braucht einen Stich',
    setPenalty: 'Strafe bei Verlust',
    allowConcede: 'Alleinspieler darf aufgeben',
    tieAtTarget: 'Gleichstand am Ziel',
    negativeFloor: 'Untergrenze',
    scoresDividedBy10: 'Punkte durch zehn',
    stakes: 'Einsatz',
    'stakes.mode': 'Art',
    'stakes.unit': 'Einheit',
    'stakes.gameUnits': 'Spielwert (Einheiten)',
    'stakes.ante': 'Einsatz je Spieler',
    bidIncrements: 'Gebotsschritte',
    'bidIncrements.from': 'Ab',
    'bidIncrements.step': 'Schritt',
    biddingRounds: 'Reizrunden',
    dealerStuck: 'Geber muss reizen',
    trumpNeedsMarriage: 'Trumpf braucht ein Paar',
    cardPassing: 'Kartentausch',
    'cardPassing.count': 'Getauschte Karten',
    'cardPassing.style': 'Art des Tauschs',
    'cardPassing.timing': 'Zeitpunkt',
    meldTable: 'Meldetabelle',
    singlePinochle14: 'Einfaches Pinochle 14',
    timesTen: 'Meldungen mal zehn',
    doubleRoundhouse240: 'Doppelter Rundgang 240',
    minimumMeld20: 'Mindestmeldung 20',
    concedeOpponents: 'Gegner bei Aufgabe',
    dealPacket: 'Austeilen',
    'settings.seatGraceSeconds': 'Platz reserviert nach Verbindungsabbruch (s)',
    'settings.botStandIn': 'Bot vertritt abwesende Spieler',
    'settings.turnTimerSeconds': 'Zugzeit (s)',
  },
};

/** English help for options whose schema has no .describe() (taken from the schemas' comments). */
const HELP_EN: Labels = {
  'target.points': 'The score that wins the game (1000 and 2000 are common variations)',
  'target.rounds': 'Rounds to play; in one round every player deals once',
  'stakes.unit':
    'Chips a conceding bidder pays each other player; a bidder who plays and is set pays twice that',
  'stakes.gameUnits': 'Game value in units, paid by each other player to the winner (2:1, 3:1 or 4:1)',
  'stakes.ante':
    "Each player's stake into the pool; a losing bidder adds it once (conceded) or twice (played)",
  'bidIncrements.from': 'From this bid on...',
  'bidIncrements.step': '...bids go up in steps of this size',
  cardPassing: 'Bidder and partner exchange cards after the auction (house rule)',
  'cardPassing.timing': 'Pass the cards after trump is named, or before',
  'settings.seatGraceSeconds': "How long a dropped player's seat is kept for them",
  'settings.botStandIn': 'A bot plays for a dropped player until they return',
  'settings.turnTimerSeconds': 'Seconds to act before the first legal move is made for you; none = no timer',
};

/** German help; `variant:path` where the variants' options differ. */
const HELP_DE: Labels = {
  target: 'Auf eine Zielpunktzahl spielen oder eine feste Zahl von Runden (in einer Runde gibt jeder einmal)',
  'double-deck:target': 'Spiel bis zu dieser Punktzahl',
  'target.points': 'Diese Punktzahl gewinnt das Spiel (1000 und 2000 sind übliche Varianten)',
  'target.rounds': 'Zahl der Runden; in einer Runde gibt jeder einmal',
  minimumBid: 'Niedrigstes Eröffnungsgebot; 0 = keins (100, 150, 200, 300, 350 sind üblich)',
  maximumBid: 'Höchstes erlaubtes Gebot',
  openingBid: 'Das niedrigste Gebot',
  openingObligation:
    "'forehand': Vorhand muss mindestens das Mindestgebot eröffnen; 'last-player': passen die ersten zwei, muss der Geber das Mindestgebot reizen",
  afterTwoPasses:
    'Passen die ersten zwei: der Geber darf normal reizen, oder nur das Mindestgebot übernehmen (oder passen)',
  hopelessHandRedeal:
    'Wer fünf Neunen und außer Dix keine Meldung hat, oder sechs Neunen und höchstens ein Ass, darf neu geben lassen',
  trickRule:
    "'strict': wer bedient oder sticht, muss den Stich übernehmen, wenn er kann; 'east': nur, wenn Trumpf ausgespielt wurde",
  doubledMelds:
    'Doppelte Meldungen zählen die Bonuswerte des Blatts (doppeltes Seil 1500 …) oder einfach das Doppelte',
  doubleRoyalMarriage240: 'Ohlson: ein doppeltes Trumpf-Paar zählt 240, mit Seil 390',
  runMarriages:
    "Trumpf-Paare neben einem Seil: 'separate' zählt jede Karte einmal; 'extra-card-marries-run' lässt einen zweiten Trumpf-König oder eine zweite Dame mit dem Partner aus dem Seil ein Paar bilden (190); 'extra-pair-includes-run' zählt das Paar des Seils bei einem weiteren Paar mit (Toby Thomas, Ohlson)",
  roundhouse:
    "'sum': Könige und Damen rundum = 240, mit Seil 350; 'own-meld': sein Trumpf-Paar darf auch im Seil zählen (390)",
  'double-deck:roundhouse':
    'Könige und Damen rundum: 24 (Summe der Teile), 34, oder 24 + die 15 eines Seils = 39',
  opponentMeldNeeds:
    'Die Meldung eines Gegenspielers zählt nur mit mindestens einem Stich, oder mindestens einer Zählkarte',
  bidderMeldNeedsTrick:
    'Meldung und Witwe des Alleinspielers zählen nur, wenn er mindestens einen Stich macht',
  setPenalty: 'Ein Alleinspieler, der spielt und verliert, verliert das Gebot einfach oder doppelt',
  allowConcede: 'Der Alleinspieler darf nach der Trumpfansage aufgeben und verliert das Gebot einfach',
  tieAtTarget:
    "'bidder-wins': erreichen mehrere das Ziel, gewinnt der Alleinspieler, sonst die höhere Punktzahl (bei Gleichstand ein Entscheidungsspiel); 'raise-target': das Ziel steigt um 250, bis einer allein es erreicht",
  negativeFloor:
    'Das Spiel endet, wenn jemand auf diesen Stand fällt (z. B. -1000); die höchste Punktzahl gewinnt',
  scoresDividedBy10: 'Alle Werte durch zehn geteilt zeigen',
  stakes: 'Einsatz: keiner, ein Chip-Konto zwischen den Spielern, oder ein Pott für den Sieger',
  'stakes.unit':
    'Chips, die ein aufgebender Alleinspieler jedem anderen zahlt; wer spielt und verliert, zahlt das Doppelte',
  'stakes.gameUnits': 'Spielwert in Einheiten, den jeder andere dem Sieger zahlt (2:1, 3:1 oder 4:1)',
  'stakes.ante':
    'Einsatz jedes Spielers in den Pott; ein verlierender Alleinspieler legt ihn einfach (aufgegeben) oder doppelt (gespielt) nach',
  bidIncrements:
    'Gebote über jedem "from" müssen "from" plus ein Vielfaches von "step" sein (das Blatt: +1 bis 60, dann Fünferschritte)',
  'bidIncrements.from': 'Ab diesem Gebot …',
  'bidIncrements.step': '… steigen die Gebote in Schritten dieser Größe',
  biddingRounds: 'Reizen, bis drei nacheinander passen, oder jedem nur eine oder zwei Runden geben',
  dealerStuck: 'Passen die ersten drei, muss der Geber das Eröffnungsgebot reizen',
  trumpNeedsMarriage:
    'Der Alleinspieler braucht ein Paar in Trumpf (sonst wird das Spiel nicht gespielt), oder nicht, oder erst nach dem Kartentausch',
  cardPassing: 'Alleinspieler und Partner tauschen nach dem Reizen Karten (Hausregel)',
  'cardPassing.count': 'Karten, die Alleinspieler und Partner tauschen; 0 = aus',
  'cardPassing.style':
    "'simultaneous': beide geben verdeckt zugleich; 'partner-first': erst der Partner, dann der Alleinspieler; 'toby-thomas': der Alleinspieler nennt eine Farbe, die der Partner zuerst geben muss",
  'cardPassing.timing': 'Karten nach der Trumpfansage tauschen, oder davor',
  meldTable:
    'Meldewerte: die Tabelle des Blatts, die der Bücher (dreifaches Pinochle 45 …), die von Toby Thomas oder der NPA (Seil 25, Pinochle 15)',
  singlePinochle14: 'Ein einfaches Pinochle zählt 14',
  timesTen: 'Jeder Meldewert mal zehn ("100 Asse")',
  doubleRoundhouse240: 'Ein doppelter Rundgang zählt 240 statt 160',
  minimumMeld20:
    'Die Meldung eines Teams zählt nur ab 20; ein Team mit weniger als 20 in Stichen bekommt nichts',
  concedeOpponents:
    "Was die Gegner bekommen, wenn das reizende Team aufgibt (oder 'play-anyway': kein Aufgeben)",
  dealPacket: 'Karten, die auf einmal gegeben werden',
  'settings.seatGraceSeconds':
    'So lange bleibt der Platz eines Spielers nach Verbindungsabbruch für ihn reserviert',
  'settings.botStandIn': 'Ein Bot spielt für abwesende Spieler, bis sie zurück sind',
  'settings.turnTimerSeconds':
    'Sekunden pro Zug, danach wird der erste erlaubte Zug gemacht; keine = ohne Uhr',
};

function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function ruleLabel(locale: Locale, path: string): string {
  return LABELS[locale][path] ?? LABELS.en[path] ?? humanize(path.split('.').at(-1) ?? path);
}

/** The option's one-line help, or null when there is none in any language. */
export function ruleHelp(locale: Locale, variant: Variant | null, field: Field): string | null {
  if (locale === 'de') {
    const german = (variant && HELP_DE[`${variant}:${field.path}`]) ?? HELP_DE[field.path];
    if (german) return german;
  }
  return field.description ?? HELP_EN[field.path] ?? null;
}

/** For the catalog's test: does this option have a label and help of its own? */
export function hasOwnText(
  locale: Locale,
  variant: Variant | null,
  field: Field,
): { label: boolean; help: boolean } {
  const label = LABELS[locale][field.path] !== undefined;
  const help =
    locale === 'de'
      ? (variant !== null && HELP_DE[`${variant}:${field.path}`] !== undefined) ||
        HELP_DE[field.path] !== undefined
      : field.description !== null || HELP_EN[field.path] !== undefined;
  return { label, help };
}
