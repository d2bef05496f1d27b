/**
 * The house-rules form in plain English: a label, a one-line explanation and, for a
 * choice, a name for each of its options. Keys are option paths ("cardPassing.count");
 * `variant:path` overrides a path where the variants' options differ. The words are
 * the players' words, never the schema's (no "last-takes-minimum").
 */
import type { RuleTexts } from './rule-text-types.ts';

export const RULE_TEXT_EN: RuleTexts = {
  target: {
    label: 'End of the game',
    help: 'Play to a target score, or a fixed number of rounds (in a round everyone deals once).',
    options: { score: 'At a target score', rounds: 'After a number of rounds' },
  },
  'target.kind': { label: 'The game ends', help: 'At a target score, or after a number of rounds.' },
  'double-deck:target': { label: 'Game to', help: 'The first team to reach this many points wins.' },
  'target.points': {
    label: 'Target score',
    help: 'The score that wins the game (1000 and 2000 are common too).',
  },
  'target.rounds': { label: 'Rounds', help: 'How many rounds to play; the highest score then wins.' },
  minimumBid: {
    label: 'Minimum bid',
    help: 'The lowest opening bid; 0 means no minimum (100, 150, 200, 300 and 350 are common too).',
  },
  maximumBid: { label: 'Maximum bid', help: 'The highest bid anyone may make.' },
  openingBid: { label: 'Opening bid', help: 'The lowest bid: the auction starts here.' },
  openingObligation: {
    label: 'Must someone open?',
    help: 'Whether a player has to open the bidding at the minimum.',
    options: {
      none: 'No: everyone may pass',
      forehand: 'Forehand must open at the minimum',
      'last-player': 'If the first two pass, the dealer must bid the minimum',
    },
  },
  afterTwoPasses: {
    label: 'When the first two pass',
    help: 'What the dealer, last to bid, may do when both others have passed.',
    options: {
      'last-may-bid': 'The dealer bids as usual',
      'last-takes-minimum': 'The dealer may only take it at the minimum, or pass',
    },
  },
  hopelessHandRedeal: {
    label: 'New deal for a hopeless hand',
    help: 'A player with five 9s and no meld but a dix, or six 9s and at most one ace, may ask for a new deal.',
  },
  trickRule: {
    label: 'Must you beat the trick?',
    help: 'Whether a player who follows suit or trumps must play higher than the best card so far.',
    options: { strict: 'Yes, whenever you can', east: 'Only when trump was led (the lighter “East” rule)' },
  },
  doubledMelds: {
    label: 'Double melds',
    help: 'What a meld held twice (two runs, two pinochles, eight aces…) is worth.',
    options: {
      bonus: 'The sheet’s bonus values (double run 1500, eight aces 1000…)',
      'simply-double': 'Simply twice the single value',
    },
  },
  doubleRoyalMarriage240: {
    label: 'Double royal marriage scores 240',
    help: 'Both trump kings and both trump queens score 240, or 390 with a run (Ohlson’s rule).',
  },
  runMarriages: {
    label: 'Extra king or queen beside a run',
    help: 'Whether a second trump king or queen can marry a card that already counts in the run.',
    options: {
      separate: 'No: each card counts once (run + king = 150)',
      'extra-card-marries-run': 'Yes: it marries the run’s partner (run + king = 190)',
      'extra-pair-includes-run':
        'Only with a whole extra marriage: then the run’s pair counts too (Toby Thomas, Ohlson)',
    },
  },
  roundhouse: {
    label: 'Roundhouse',
    help: 'A king and a queen of every suit.',
    options: {
      sum: 'Its parts added up: 240, or 350 with a run',
      'own-meld': 'A meld of its own: its trump marriage may count in a run too (390)',
    },
  },
  'double-deck:roundhouse': {
    label: 'Roundhouse',
    help: 'A king and a queen of every suit.',
    options: {
      sum: 'Its parts added up: 24',
      'bonus-34': '34',
      'with-run-39': '24, and with a run 24 + 15 = 39',
    },
  },
  opponentMeldNeeds: {
    label: 'An opponent’s meld counts if they took',
    help: 'An opponent of the bidder scores their meld only after taking this in tricks.',
    options: { trick: 'At least one trick', counter: 'At least one counter (ace, ten or king)' },
  },
  bidderMeldNeedsTrick: {
    label: 'Bidder’s meld needs a trick',
    help: 'The bidder’s meld and the widow count only if the bidder takes at least one trick.',
  },
  setPenalty: {
    label: 'A bidder who is set loses',
    help: 'What a bidder who plays the hand and falls short of the bid loses.',
    options: { once: 'The bid', twice: 'Twice the bid' },
  },
  allowConcede: {
    label: 'The bidder may concede',
    help: 'After naming trump the bidder may throw in the hand and lose just the bid.',
  },
  tieAtTarget: {
    label: 'When several reach the target',
    help: 'Who wins when more than one player reaches the target in the same hand.',
    options: {
      'bidder-wins': 'The bidder; otherwise the higher score',
      'raise-target': 'Nobody yet: the target goes up by 250 until one player alone reaches it',
    },
  },
  negativeFloor: {
    label: 'Lowest score',
    help: 'The game ends when a player falls to this score (e.g. −1000); the highest score wins. Off: no floor.',
  },
  scoresDividedBy10: {
    label: 'Scores divided by ten',
    help: 'Show every value divided by ten (25 for 250).',
  },
  stakes: {
    label: 'Stakes',
    help: 'Play for chips: none, a running chip account between the players, or a pool for the winner.',
    options: { off: 'None', ledger: 'Chip account', pool: 'Pool' },
  },
  'stakes.mode': { label: 'Kind of stakes', help: 'None, a chip account, or a pool.' },
  'stakes.unit': {
    label: 'Chips per unit',
    help: 'A bidder who concedes pays this to each other player; one who plays and is set pays twice that.',
  },
  'stakes.gameUnits': {
    label: 'Game value (units)',
    help: 'What each other player pays the winner of the game, in units (2, 3 or 4 to 1).',
  },
  'stakes.ante': {
    label: 'Ante',
    help: 'Each player’s stake in the pool; a losing bidder adds it once (conceded) or twice (played and set).',
  },
  bidIncrements: {
    label: 'Bid steps',
    help: 'How far a bid must rise: from each starting bid on, in steps of the given size.',
  },
  'bidIncrements.from': { label: 'From this bid on', help: 'Bids from here on…' },
  'bidIncrements.step': { label: 'Rise by', help: '…go up in steps of this size.' },
  biddingRounds: {
    label: 'Bidding rounds',
    help: 'How long the auction lasts; a player who passes is out.',
    options: { unlimited: 'Until three pass in a row', '1': 'One round', '2': 'Two rounds' },
  },
  dealerStuck: {
    label: 'The dealer is stuck',
    help: 'If the first three pass, the dealer must take the hand at the opening bid.',
  },
  trumpNeedsMarriage: {
    label: 'Trump needs a marriage',
    help: 'Whether the bidder must hold king and queen of trump; without them the hand is not played and the bidding team loses the bid.',
    options: { required: 'Yes', 'not-required': 'No', 'after-passing': 'Yes, after passing cards' },
  },
  cardPassing: {
    label: 'Passing cards',
    help: 'Bidder and partner exchange cards after the auction (a house rule).',
  },
  'cardPassing.count': { label: 'Cards passed', help: 'How many cards each of them passes; 0 = no passing.' },
  'cardPassing.style': {
    label: 'How they pass',
    help: 'Who passes first.',
    options: {
      simultaneous: 'Both at once, face down',
      'partner-first': 'The partner first, then the bidder',
      'toby-thomas': 'The bidder names a suit the partner must pass first (Toby Thomas)',
    },
  },
  'cardPassing.timing': {
    label: 'When they pass',
    help: 'Before or after trump is named.',
    options: { 'after-trump': 'After trump is named', 'before-trump': 'Before trump is named' },
  },
  meldTable: {
    label: 'Meld values',
    help: 'Which table of meld values the hand is scored with.',
    options: {
      sheet: 'The sheet’s table (run 15)',
      books: 'The books’ table (triple pinochle 45, quadruple 300)',
      'toby-thomas': 'Toby Thomas’s table',
      npa: 'The NPA’s table (run 25, pinochle 15)',
    },
  },
  singlePinochle14: { label: 'Single pinochle scores 14', help: 'A single pinochle scores 14.' },
  timesTen: { label: 'Meld times ten', help: 'Every meld value times ten (“100 aces”).' },
  doubleRoundhouse240: {
    label: 'Double roundhouse scores 240',
    help: 'Two of every king and queen score 240 instead of 160.',
  },
  minimumMeld20: {
    label: 'At least 20 in meld',
    help: 'A team’s meld counts only if it is at least 20; a team taking fewer than 20 in tricks scores nothing.',
  },
  concedeOpponents: {
    label: 'When the bidding team concedes',
    help: 'What the opponents score when the bidding team throws in the hand.',
    options: {
      meld: 'Their meld',
      nothing: 'Nothing',
      'meld-if-20': 'Their meld, if it is at least 20',
      'meld-plus-25': 'Their meld + 25',
      'meld-plus-50': 'Their meld + 50',
      'play-anyway': 'No conceding: the hand is played out',
    },
  },
  dealPacket: {
    label: 'Cards dealt at a time',
    help: 'How many cards the dealer gives each player at a time.',
    options: { '4': '4', '5': '5', '2-then-3': '2, then 3' },
  },
  'settings.seatGraceSeconds': {
    label: 'Seat kept after a lost connection',
    help: 'How long a player’s seat is kept for them when their connection drops.',
    unit: 'seconds',
  },
  'settings.botStandIn': {
    label: 'A bot stands in',
    help: 'A bot plays for a player whose connection dropped, until they come back.',
  },
  'settings.turnTimerSeconds': {
    label: 'Turn timer',
    help: 'Time to act before the first allowed move is made for you. Off: no timer.',
    unit: 'seconds',
  },
  'settings.pace': {
    label: 'Pace',
    help: 'How long the bots wait before they play, and how long a finished trick stays on the table.',
    options: {
      relaxed: 'Relaxed (bots 1.2 s, trick 2 s)',
      normal: 'Normal (bots 0.7 s, trick 1.2 s)',
      fast: 'Fast (bots 0.25 s, trick 0.5 s)',
    },
  },
  'settings.trickPauseMs': {
    label: 'Pause after each trick',
    help: 'How long a finished trick stays on the table before it is gathered.',
    unit: 'seconds',
    scale: 1000,
  },
  'settings.handEndSeconds': {
    label: 'Time for the hand’s result',
    help: 'The next deal starts when every player has pressed Continue, or after this time (0 = at once).',
    unit: 'seconds',
  },
  'settings.spectatorChat': {
    label: 'Spectators may chat',
    help: 'Spectators who joined with a name may write in the chat.',
  },
  'settings.hints': {
    label: 'Hints',
    help: 'On your turn a player may ask which move a search of their own cards would make; everyone sees how many hints each seat used.',
  },
  'settings.playAids': {
    label: 'Play aids',
    help: 'Show the whole auction, and while bidding and burying your own meld in each trump suit.',
  },
  // ---- Auction Bridge [002]: the sheet's variations, the sheet's rule as each default ----
  royalAuction: {
    label: 'Royal Auction: no trump scores more',
    help: 'Each odd trick in no trump is worth more than 10 below the line; the suits keep 6, 7, 8 and 9.',
  },
  royalNoTrumpValue: {
    label: 'No-trump trick value (Royal Auction)',
    help: 'What each odd trick in no trump scores under Royal Auction (the sheet names no number).',
  },
  nullo: {
    label: 'Nullo bids',
    help: 'A bid to take as few tricks as possible: it ranks between spades and no trump and has no trumps.',
  },
  nulloTrickValue: {
    label: 'Nullo trick value',
    help: 'What each odd trick the opponents take scores for a made nullo (doubled ×2, redoubled ×4).',
  },
  handLimit: {
    label: 'Chicago style: stop after this many hands',
    help: 'Play a fixed number of hands instead of a full rubber; then the higher total wins (no rubber bonus).',
    off: 'a full rubber (the first side to win two games)',
  },
  fourHonours: {
    label: 'Four honours in one hand (80)',
    help: 'Which four trump honours held in one hand score 80: the four the sheet names, or any four of the five.',
    options: {
      'ace-king-queen-jack': 'Ace, king, queen and jack',
      'any-four': 'Any four of the five honours',
    },
  },
};
