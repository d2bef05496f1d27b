/**
 * Das Hausregel-Formular auf Deutsch: Name, eine Zeile Erklärung und für jede Auswahl
 * ein Name je Möglichkeit. Die Wörter der Regelblätter (Reizen, Stich, Seil, Paar,
 * Rundgang, Witwe, Alleinspieler), nie die internen Namen. Same keys as rule-text-en.ts
 * (a unit test checks that every option has both).
 */
import type { RuleTexts } from './rule-text-types.ts';

export const RULE_TEXT_DE: RuleTexts = {
  target: {
    label: 'Spielende',
    help: 'Bis zu einer Zielpunktzahl spielen, oder eine feste Zahl von Runden (in einer Runde gibt jeder einmal).',
    options: { score: 'Bei einer Zielpunktzahl', rounds: 'Nach einer Zahl von Runden' },
  },
  'target.kind': {
    label: 'Das Spiel endet',
    help: 'Bei einer Zielpunktzahl, oder nach einer Zahl von Runden.',
  },
  'double-deck:target': {
    label: 'Spiel bis',
    help: 'Das Team, das zuerst so viele Punkte hat, gewinnt.',
  },
  'target.points': {
    label: 'Zielpunktzahl',
    help: 'Diese Punktzahl gewinnt das Spiel (auch 1000 und 2000 sind üblich).',
  },
  'target.rounds': {
    label: 'Runden',
    help: 'So viele Runden werden gespielt; dann gewinnt die höchste Punktzahl.',
  },
  minimumBid: {
    label: 'Mindestgebot',
    help: 'Das niedrigste Eröffnungsgebot; 0 = keins (auch 100, 150, 200, 300 und 350 sind üblich).',
  },
  maximumBid: { label: 'Höchstgebot', help: 'Das höchste Gebot, das jemand abgeben darf.' },
  openingBid: { label: 'Eröffnungsgebot', help: 'Das niedrigste Gebot: hier beginnt das Reizen.' },
  openingObligation: {
    label: 'Muss jemand eröffnen?',
    help: 'Ob ein Spieler das Reizen mit dem Mindestgebot eröffnen muss.',
    options: {
      none: 'Nein: jeder darf passen',
      forehand: 'Vorhand muss mit dem Mindestgebot eröffnen',
      'last-player': 'Passen die ersten zwei, muss der Geber das Mindestgebot reizen',
    },
  },
  afterTwoPasses: {
    label: 'Wenn die ersten zwei passen',
    help: 'Was der Geber, der zuletzt reizt, darf, wenn beide anderen gepasst haben.',
    options: {
      'last-may-bid': 'Der Geber reizt wie sonst auch',
      'last-takes-minimum': 'Der Geber darf nur das Mindestgebot übernehmen, oder passen',
    },
  },
  hopelessHandRedeal: {
    label: 'Neu geben bei hoffnungslosem Blatt',
    help: 'Wer fünf Neunen und außer einem Dix keine Meldung hat, oder sechs Neunen und höchstens ein Ass, darf neu geben lassen.',
  },
  trickRule: {
    label: 'Muss man überstechen?',
    help: 'Ob wer bedient oder sticht, höher spielen muss als die bisher beste Karte.',
    options: {
      strict: 'Ja, wann immer man kann',
      east: 'Nur wenn Trumpf ausgespielt wurde (die leichtere „East“-Regel)',
    },
  },
  doubledMelds: {
    label: 'Doppelte Meldungen',
    help: 'Was eine doppelt gehaltene Meldung (zwei Seile, zwei Pinochle, acht Asse …) zählt.',
    options: {
      bonus: 'Die Bonuswerte des Blatts (doppeltes Seil 1500, acht Asse 1000 …)',
      'simply-double': 'Einfach das Doppelte',
    },
  },
  doubleRoyalMarriage240: {
    label: 'Doppeltes Trumpf-Paar zählt 240',
    help: 'Beide Trumpf-Könige und beide Trumpf-Damen zählen 240, mit Seil 390 (Regel von Ohlson).',
  },
  runMarriages: {
    label: 'Zusätzlicher König oder Dame neben dem Seil',
    help: 'Ob ein zweiter Trumpf-König oder eine zweite Trumpf-Dame mit einer Karte des Seils ein Paar bilden darf.',
    options: {
      separate: 'Nein: jede Karte zählt einmal (Seil + König = 150)',
      'extra-card-marries-run': 'Ja: sie bildet ein Paar mit dem Partner im Seil (Seil + König = 190)',
      'extra-pair-includes-run':
        'Nur mit einem ganzen weiteren Paar: dann zählt das Paar des Seils mit (Toby Thomas, Ohlson)',
    },
  },
  roundhouse: {
    label: 'Rundgang',
    help: 'Ein König und eine Dame jeder Farbe.',
    options: {
      sum: 'Die Summe seiner Teile: 240, mit Seil 350',
      'own-meld': 'Eine eigene Meldung: sein Trumpf-Paar darf auch im Seil zählen (390)',
    },
  },
  'double-deck:roundhouse': {
    label: 'Rundgang',
    help: 'Ein König und eine Dame jeder Farbe.',
    options: {
      sum: 'Die Summe seiner Teile: 24',
      'bonus-34': '34',
      'with-run-39': '24, mit Seil 24 + 15 = 39',
    },
  },
  opponentMeldNeeds: {
    label: 'Meldung eines Gegenspielers zählt mit',
    help: 'Ein Gegenspieler des Alleinspielers bekommt seine Meldung nur, wenn er das in Stichen hat.',
    options: {
      trick: 'Mindestens einem Stich',
      counter: 'Mindestens einer Zählkarte (Ass, Zehn oder König)',
    },
  },
  bidderMeldNeedsTrick: {
    label: 'Meldung des Alleinspielers braucht einen Stich',
    help: 'Meldung und Witwe des Alleinspielers zählen nur, wenn er mindestens einen Stich macht.',
  },
  setPenalty: {
    label: 'Ein Alleinspieler, der verliert, verliert',
    help: 'Was ein Alleinspieler verliert, der spielt und sein Gebot nicht erreicht.',
    options: { once: 'Das Gebot', twice: 'Das doppelte Gebot' },
  },
  allowConcede: {
    label: 'Der Alleinspieler darf aufgeben',
    help: 'Nach der Trumpfansage darf der Alleinspieler aufgeben und verliert nur das Gebot.',
  },
  tieAtTarget: {
    label: 'Wenn mehrere das Ziel erreichen',
    help: 'Wer gewinnt, wenn in derselben Hand mehr als einer das Ziel erreicht.',
    options: {
      'bidder-wins': 'Der Alleinspieler; sonst die höhere Punktzahl',
      'raise-target': 'Noch keiner: das Ziel steigt um 250, bis einer allein es erreicht',
    },
  },
  negativeFloor: {
    label: 'Niedrigster Stand',
    help: 'Das Spiel endet, wenn jemand auf diesen Stand fällt (z. B. −1000); die höchste Punktzahl gewinnt. Aus: keine Grenze.',
  },
  scoresDividedBy10: {
    label: 'Punkte durch zehn',
    help: 'Alle Werte durch zehn geteilt zeigen (25 statt 250).',
  },
  stakes: {
    label: 'Einsatz',
    help: 'Um Chips spielen: keiner, ein laufendes Chip-Konto zwischen den Spielern, oder ein Pott für den Sieger.',
    options: { off: 'Keiner', ledger: 'Chip-Konto', pool: 'Pott' },
  },
  'stakes.mode': { label: 'Art des Einsatzes', help: 'Keiner, ein Chip-Konto oder ein Pott.' },
  'stakes.unit': {
    label: 'Chips je Einheit',
    help: 'So viel zahlt ein aufgebender Alleinspieler jedem anderen; wer spielt und verliert, das Doppelte.',
  },
  'stakes.gameUnits': {
    label: 'Spielwert (Einheiten)',
    help: 'Was jeder andere dem Sieger des Spiels zahlt, in Einheiten (2, 3 oder 4 zu 1).',
  },
  'stakes.ante': {
    label: 'Einsatz in den Pott',
    help: 'Der Einsatz jedes Spielers; ein verlierender Alleinspieler legt ihn einfach (aufgegeben) oder doppelt (gespielt) nach.',
  },
  bidIncrements: {
    label: 'Gebotsschritte',
    help: 'Um wie viel ein Gebot steigen muss: ab jedem Startgebot in Schritten der angegebenen Größe.',
  },
  'bidIncrements.from': { label: 'Ab diesem Gebot', help: 'Gebote ab hier …' },
  'bidIncrements.step': { label: 'Steigen um', help: '… steigen in Schritten dieser Größe.' },
  biddingRounds: {
    label: 'Reizrunden',
    help: 'Wie lange gereizt wird; wer passt, ist draußen.',
    options: { unlimited: 'Bis drei nacheinander passen', '1': 'Eine Runde', '2': 'Zwei Runden' },
  },
  dealerStuck: {
    label: 'Der Geber muss spielen',
    help: 'Passen die ersten drei, muss der Geber zum Eröffnungsgebot spielen.',
  },
  trumpNeedsMarriage: {
    label: 'Trumpf braucht ein Paar',
    help: 'Ob der Alleinspieler König und Dame in Trumpf haben muss; sonst wird nicht gespielt und das reizende Team verliert das Gebot.',
    options: { required: 'Ja', 'not-required': 'Nein', 'after-passing': 'Ja, nach dem Kartentausch' },
  },
  cardPassing: {
    label: 'Kartentausch',
    help: 'Alleinspieler und Partner tauschen nach dem Reizen Karten (eine Hausregel).',
  },
  'cardPassing.count': {
    label: 'Getauschte Karten',
    help: 'So viele Karten gibt jeder der beiden; 0 = kein Tausch.',
  },
  'cardPassing.style': {
    label: 'Wie getauscht wird',
    help: 'Wer zuerst gibt.',
    options: {
      simultaneous: 'Beide zugleich, verdeckt',
      'partner-first': 'Erst der Partner, dann der Alleinspieler',
      'toby-thomas': 'Der Alleinspieler nennt eine Farbe, die der Partner zuerst geben muss (Toby Thomas)',
    },
  },
  'cardPassing.timing': {
    label: 'Wann getauscht wird',
    help: 'Vor oder nach der Trumpfansage.',
    options: { 'after-trump': 'Nach der Trumpfansage', 'before-trump': 'Vor der Trumpfansage' },
  },
  meldTable: {
    label: 'Meldewerte',
    help: 'Mit welcher Tabelle von Meldewerten gezählt wird.',
    options: {
      sheet: 'Die Tabelle des Blatts (Seil 15)',
      books: 'Die der Bücher (dreifaches Pinochle 45, vierfaches 300)',
      'toby-thomas': 'Die von Toby Thomas',
      npa: 'Die der NPA (Seil 25, Pinochle 15)',
    },
  },
  singlePinochle14: { label: 'Einfaches Pinochle zählt 14', help: 'Ein einfaches Pinochle zählt 14.' },
  timesTen: { label: 'Meldungen mal zehn', help: 'Jeder Meldewert mal zehn („100 Asse“).' },
  doubleRoundhouse240: {
    label: 'Doppelter Rundgang zählt 240',
    help: 'Jeder König und jede Dame doppelt zählen 240 statt 160.',
  },
  minimumMeld20: {
    label: 'Mindestens 20 in der Meldung',
    help: 'Die Meldung eines Teams zählt nur ab 20; ein Team mit weniger als 20 in Stichen bekommt nichts.',
  },
  concedeOpponents: {
    label: 'Wenn das reizende Team aufgibt',
    help: 'Was die Gegner bekommen, wenn das reizende Team aufgibt.',
    options: {
      meld: 'Ihre Meldung',
      nothing: 'Nichts',
      'meld-if-20': 'Ihre Meldung, wenn sie mindestens 20 ist',
      'meld-plus-25': 'Ihre Meldung + 25',
      'meld-plus-50': 'Ihre Meldung + 50',
      'play-anyway': 'Kein Aufgeben: die Hand wird gespielt',
    },
  },
  dealPacket: {
    label: 'Karten auf einmal',
    help: 'Wie viele Karten der Geber jedem auf einmal gibt.',
    options: { '4': '4', '5': '5', '2-then-3': '2, dann 3' },
  },
  'settings.seatGraceSeconds': {
    label: 'Platz frei halten nach Verbindungsabbruch',
    help: 'So lange bleibt der Platz eines Spielers für ihn frei, wenn seine Verbindung abbricht.',
    unit: 'seconds',
  },
  'settings.botStandIn': {
    label: 'Ein Bot springt ein',
    help: 'Ein Bot spielt für einen Spieler, dessen Verbindung abgebrochen ist, bis er zurück ist.',
  },
  'settings.turnTimerSeconds': {
    label: 'Zugzeit',
    help: 'Zeit für einen Zug, danach wird der erste erlaubte Zug für dich gemacht. Aus: ohne Uhr.',
    unit: 'seconds',
  },
  'settings.pace': {
    label: 'Tempo',
    help: 'Wie lange die Bots warten, bevor sie spielen, und wie lange ein fertiger Stich liegen bleibt.',
    options: {
      relaxed: 'Gemütlich (Bots 1,2 s, Stich 2 s)',
      normal: 'Normal (Bots 0,7 s, Stich 1,2 s)',
      fast: 'Schnell (Bots 0,25 s, Stich 0,5 s)',
    },
  },
  'settings.trickPauseMs': {
    label: 'Pause nach jedem Stich',
    help: 'So lange bleibt ein fertiger Stich auf dem Tisch liegen, bevor er eingesammelt wird.',
    unit: 'seconds',
    scale: 1000,
  },
  'settings.handEndSeconds': {
    label: 'Zeit für das Ergebnis der Hand',
    help: 'Die nächste Hand beginnt, wenn jeder Spieler „Weiter“ gedrückt hat, oder nach dieser Zeit (0 = sofort).',
    unit: 'seconds',
  },
  'settings.spectatorChat': {
    label: 'Zuschauer dürfen chatten',
    help: 'Zuschauer, die mit einem Namen beigetreten sind, dürfen im Chat schreiben.',
  },
  'settings.hints': {
    label: 'Tipps',
    help: 'Wer dran ist, darf fragen, welchen Zug eine Suche nur mit den eigenen Karten machen würde; alle sehen, wie viele Tipps jeder Platz genommen hat.',
  },
  'settings.playAids': {
    label: 'Spielhilfen',
    help: 'Das ganze Reizen zeigen, und beim Reizen und Drücken deine eigene Meldung in jeder Trumpffarbe.',
  },
  // ---- Auction-Bridge [002]: die Varianten des Regelblatts, seine Regel jeweils voreingestellt ----
  royalAuction: {
    label: 'Royal Auction: Sans-Atout zählt mehr',
    help: 'Jeder Mehrstich in Sans-Atout zählt unterhalb des Striches mehr als 10; die Farben behalten 6, 7, 8 und 9.',
  },
  royalNoTrumpValue: {
    label: 'Stichwert Sans-Atout (Royal Auction)',
    help: 'Was jeder Mehrstich in Sans-Atout bei Royal Auction zählt (das Regelblatt nennt keine Zahl).',
  },
  nullo: {
    label: 'Nullo-Ansagen',
    help: 'Eine Ansage, möglichst wenige Stiche zu machen: sie steht zwischen Pik und Sans-Atout, ohne Trumpf.',
  },
  nulloTrickValue: {
    label: 'Stichwert Nullo',
    help: 'Was jeder Mehrstich der Gegenseite bei einem erfüllten Nullo zählt (verdoppelt ×2, redoppelt ×4).',
  },
  handLimit: {
    label: 'Chicago-Stil: nach so vielen Blättern enden',
    help: 'Eine feste Anzahl Blätter statt eines vollständigen Rubbers; dann gewinnt der höhere Stand (ohne Rubber-Bonus).',
    off: 'ein vollständiger Rubber (bis eine Seite 2 Spiele gewinnt)',
  },
  fourHonours: {
    label: 'Vier Ehren in einer Hand (80)',
    help: 'Welche vier Trumpf-Ehrenkarten in einer Hand 80 zählen: die vier, die das Regelblatt nennt, oder beliebige vier der fünf.',
    options: {
      'ace-king-queen-jack': 'Ass, König, Dame und Bube',
      'any-four': 'Beliebige vier der fünf Ehren',
    },
  },
};
