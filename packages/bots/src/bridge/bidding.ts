/**
 * The bidder: plain rules on high-card points and suit length, with the sheet's ranking
 * "Kreuz < Karo < Herz < Pik < Sans-Atout" and its trick values (6/7/8/9/10, Royal Auction's
 * higher Sans-Atout). Auction bridge counts every odd trick won below the line, so the
 * bidder follows the sheet's first tip, "Nur so hoch bieten, wie es zum Gewinn der Auktion
 * nötig ist": it makes the lowest bid that wins the auction for now, in the denomination
 * worth most, and only while its side is expected to make it. It never bids nullo.
 */
import {
  BRIDGE_SUITS,
  type BridgeCall,
  type BridgeCallEntry,
  type BridgePrompt,
  type BridgeStrain,
  type BridgeSuit,
  type BridgeView,
  bridgeTrickValue,
  GAME_POINTS,
} from '@kibitz/rules/bridge';
import {
  type Denomination,
  highCardPoints,
  honourPoints,
  honoursIn,
  isBalanced,
  isStopped,
  type PartnerGuess,
  quickTricks,
  sideTricks,
  suitLengths,
} from './hand.ts';

type CallPrompt = Extract<BridgePrompt, { kind: 'call' }>;

const DENOMINATIONS: readonly Denomination[] = ['C', 'D', 'H', 'S', 'NT'];

const isSuit = (strain: BridgeStrain): strain is BridgeSuit =>
  (BRIDGE_SUITS as readonly string[]).includes(strain);

/** Partners face each other with four players; with three, every player bids alone. */
export function sameSide(players: number, a: number, b: number): boolean {
  return players === 4 ? a % 2 === b % 2 : a === b;
}

export interface LastBid {
  level: number;
  strain: BridgeStrain;
  seat: number;
  doubled: 0 | 1 | 2;
}

export function lastBidOf(calls: readonly BridgeCallEntry[]): LastBid | null {
  let bid: Omit<LastBid, 'doubled'> | null = null;
  let doubled: LastBid['doubled'] = 0;
  for (const { seat, call } of calls) {
    if (call.type === 'bid') {
      bid = { level: call.level, strain: call.strain, seat };
      doubled = 0;
    } else if (call.type === 'double') doubled = 1;
    else if (call.type === 'redouble') doubled = 2;
  }
  return bid === null ? null : { ...bid, doubled };
}

/** Suits bid by the seats `who` accepts. */
function bidSuits(calls: readonly BridgeCallEntry[], who: (seat: number) => boolean): BridgeSuit[] {
  return calls.flatMap(({ seat, call }) =>
    call.type === 'bid' && who(seat) && isSuit(call.strain) ? [call.strain] : [],
  );
}

/**
 * The partner's hand as the auction shows it (with three players: the blind, an unknown
 * fourth of the cards). An opening bid shows about 12 points, a no-trump bid 16, a pass
 * about 6; unknown, a third of the points the bot does not hold.
 */
export function guessPartner(view: BridgeView, seat: number): PartnerGuess {
  const own = view.hand ?? [];
  const ownLengths = suitLengths(own);
  const rest = 40 - highCardPoints(own);
  const lengths = { ...ownLengths };
  for (const suit of BRIDGE_SUITS) lengths[suit] = (13 - ownLengths[suit]) / 3;
  const players = view.playerCount;
  const opponentSuits = bidSuits(view.calls, (s) => !sameSide(players, s, seat));
  for (const suit of opponentSuits) lengths[suit] = Math.max(0, (13 - ownLengths[suit] - 5) / 2);
  if (players === 3) return { hcp: rest / 3, lengths };
  const partner = (seat + 2) % 4;
  const partnerCalls = view.calls.filter((entry) => entry.seat === partner).map((entry) => entry.call);
  let hcp = rest / 3;
  if (partnerCalls.some((call) => call.type === 'bid' && call.strain === 'NT')) hcp = 16;
  else if (partnerCalls.some((call) => call.type === 'bid' || call.type === 'double')) hcp = 12;
  else if (partnerCalls.length > 0) hcp = 6;
  for (const suit of bidSuits(view.calls, (s) => s === partner)) {
    lengths[suit] = Math.max(lengths[suit], 5) + (lengths[suit] >= 5 ? 1 : 0);
  }
  return { hcp: Math.min(hcp, rest), lengths };
}

/** Tricks the bot's side expects to take defending `strain`: quick tricks, trump length, the partner's share. */
export function defensiveTricks(view: BridgeView, seat: number, strain: BridgeStrain): number {
  const own = view.hand ?? [];
  let tricks = 0;
  for (const suit of BRIDGE_SUITS) tricks += quickTricks(own, suit);
  if (isSuit(strain)) {
    const length = suitLengths(own)[strain];
    if (length >= 4) tricks += (length - 3) * 0.5;
  }
  // The other defender: the partner with four players; with three, the player who is
  // neither the bidder nor the bot (about half the points the bidder leaves).
  const rest = 40 - highCardPoints(own);
  const partnerPoints = view.playerCount === 4 ? guessPartner(view, seat).hcp : (rest - 12) / 2;
  return tricks + Math.max(0, partnerPoints) / 6;
}

function entryAllowed(
  view: BridgeView,
  seat: number,
  denomination: Denomination,
  last: LastBid | null,
): boolean {
  const own = view.hand ?? [];
  const hcp = highCardPoints(own);
  const lengths = suitLengths(own);
  const players = view.playerCount;
  const partnerSuits =
    players === 4 ? bidSuits(view.calls, (s) => s === (seat + 2) % 4) : ([] as BridgeSuit[]);
  const opponentSuits = bidSuits(view.calls, (s) => !sameSide(players, s, seat));
  const longest = Math.max(...Object.values(lengths));
  if (denomination === 'NT') {
    const stopped = opponentSuits.every((suit) => isStopped(own, suit));
    const partnerBid = partnerSuits.length > 0;
    return isBalanced(own) && stopped && hcp >= (partnerBid ? 10 : 15);
  }
  if (partnerSuits.includes(denomination)) return lengths[denomination] >= 3 && hcp >= 6;
  // The opponents' suit is theirs: its honours and length are for defending (or doubling).
  if (opponentSuits.includes(denomination)) return false;
  // "Ein Blatt mit 3 oder mehr der obersten 5 Trumpf-Ehrenkarten ist meist stark genug, um die
  // Auktion selbstbewusst zu bestreiten": four cards with three honours bid like five.
  const biddable =
    lengths[denomination] >= 5 || (lengths[denomination] >= 4 && honoursIn(own, denomination) >= 3);
  if (last === null) {
    // An opening bid: 12 points, or 10 with a six-card suit; a biddable suit, or four cards with 13.
    const strong = hcp >= 12 || (hcp >= 10 && longest >= 6);
    return strong && (biddable || (lengths[denomination] >= 4 && hcp >= 13));
  }
  // An overcall or a new suit: a biddable suit and some values.
  return biddable && hcp >= 9;
}

interface Candidate {
  call: BridgeCall;
  value: number;
  tricks: number;
}

/** The bid worth most among those the side is expected to make, or null. */
function bestBid(view: BridgeView, prompt: CallPrompt, seat: number, last: LastBid | null): Candidate | null {
  const own = view.hand ?? [];
  const partner = guessPartner(view, seat);
  let best: Candidate | null = null;
  for (const denomination of DENOMINATIONS) {
    // prompt.bids runs from the lowest bid up, so the first of a denomination is its cheapest.
    const lowest = prompt.bids.find((b) => b.strain === denomination);
    if (lowest === undefined) continue;
    const tricks = sideTricks(own, denomination, partner);
    if (lowest.level > Math.floor(tricks) - 6) continue;
    if (!entryAllowed(view, seat, denomination, last)) continue;
    // Every odd trick counts, so the expected score is the tricks over the book times the
    // value, plus the honours the bot holds in that denomination (they count only as trumps).
    const honours = honourPoints(own, denomination, view.config.fourHonours === 'any-four');
    const value = (tricks - 6) * bridgeTrickValue(view.config, denomination) + honours;
    if (best === null || value > best.value) {
      best = { call: { type: 'bid', level: lowest.level, strain: denomination }, value, tricks };
    }
  }
  return best;
}

/** Would the last bid, made exactly and doubled, complete a game its undoubled value would not? */
export function doubleGivesGame(view: BridgeView, last: LastBid): boolean {
  const account = view.playerCount === 4 ? last.seat % 2 : last.seat;
  const below = view.score.currentGame[account] ?? 0;
  const value = last.level * bridgeTrickValue(view.config, last.strain);
  return below + value < GAME_POINTS && below + 2 * value >= GAME_POINTS;
}

/** The bot's call for its view's call prompt. */
export function decideCall(view: BridgeView, prompt: CallPrompt): BridgeCall {
  const seat = view.viewer;
  if (seat === 'spectator') throw new Error('a bot cannot call for a spectator');
  const players = view.playerCount;
  const last = lastBidOf(view.calls);
  const pass: BridgeCall = { type: 'pass' };
  const held = last?.strain;
  if (held === 'NULLO') return pass; // no reading of nullo hands
  if (last !== null && held !== undefined && sameSide(players, last.seat, seat)) {
    // "Die verdoppelte Seite darf ihrerseits redoppeln": only with two tricks to spare.
    if (prompt.canRedouble) {
      const tricks = sideTricks(view.hand ?? [], held, guessPartner(view, seat));
      if (tricks >= 6 + last.level + 2) return { type: 'redouble' };
    }
    // Our side holds the auction: bidding on would only raise the risk. A partner's suit
    // the bot cannot stand is taken out into its own, if that is two tricks better.
    if (players === 4 && last.seat !== seat) {
      const alternative = bestBid(view, prompt, seat, last);
      const current = sideTricks(view.hand ?? [], held, guessPartner(view, seat));
      if (alternative !== null && alternative.tricks >= current + 2) return alternative.call;
    }
    return pass;
  }
  const candidate = bestBid(view, prompt, seat, last);
  if (last !== null && prompt.canDouble) {
    // "Gezielt verdoppeln, wenn eine starke Abwehr gegen die genannte Farbe vorliegt":
    // double when the side should beat the contract by a trick to spare (two if it could bid on).
    const toBeat = 14 - (6 + last.level);
    // "Vor einem grenzwertigen Verdoppeln festhalten, wie viele Mehrstiche unterhalb des
    // Striches bereits für den Spielgewinn stehen": a double that would turn the contract,
    // made, into a game it is not undoubled asks for one trick more.
    const margin = (candidate === null ? 1 : 2) + (doubleGivesGame(view, last) ? 1 : 0);
    if (defensiveTricks(view, seat, last.strain) >= toBeat + margin) return { type: 'double' };
  }
  return candidate?.call ?? pass;
}
