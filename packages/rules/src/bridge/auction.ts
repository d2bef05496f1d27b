/**
 * The auction [002] "Bieten": calls in turn from the dealer, bids that overcall by level or
 * by denomination, doubles of an opponent's bid, redoubles by the doubled side, and the end
 * after a call followed by every other player passing.
 */
import type { BridgeConfig } from './config.ts';
import type { BridgeCall, BridgeCallEntry, BridgeContract, BridgeSeat, BridgeStrain } from './state.ts';

/**
 * "Kreuz < Karo < Herz < Pik < Sans-Atout". The sheet gives nullo no place; reading: it ranks
 * between Pik and Sans-Atout (README.md, reading 6).
 */
export function strainOrder(config: BridgeConfig): readonly BridgeStrain[] {
  return config.nullo ? ['C', 'D', 'H', 'S', 'NULLO', 'NT'] : ['C', 'D', 'H', 'S', 'NT'];
}

export const STRAIN_NAMES: Record<BridgeStrain, string> = {
  C: 'clubs',
  D: 'diamonds',
  H: 'hearts',
  S: 'spades',
  NT: 'no trump',
  NULLO: 'nullo',
};

export function bidLabel(level: number, strain: BridgeStrain): string {
  return `${level} ${STRAIN_NAMES[strain]}`;
}

/** Partners: opposite seats with four players; with three every player bids alone. */
export function sameSide(config: BridgeConfig, a: BridgeSeat, b: BridgeSeat): boolean {
  return config.players === 4 ? a % 2 === b % 2 : a === b;
}

export interface AuctionSummary {
  /** The last bid and who made it, null before any. */
  lastBid: { level: number; strain: BridgeStrain; seat: BridgeSeat } | null;
  /** Doubles on the last bid: 0, 1 (doubled) or 2 (redoubled). */
  doubled: 0 | 1 | 2;
  /** 'open', or ended: 'won' (a contract) or 'passed-out' (nobody bid). */
  status: 'open' | 'won' | 'passed-out';
  /** Who calls next while open. */
  next: BridgeSeat;
}

export function summarize(config: BridgeConfig, calls: readonly BridgeCallEntry[], dealer: BridgeSeat) {
  const players = config.players;
  let lastBid: AuctionSummary['lastBid'] = null;
  let doubled: 0 | 1 | 2 = 0;
  let trailingPasses = 0;
  for (const { seat, call } of calls) {
    if (call.type === 'pass') {
      trailingPasses++;
      continue;
    }
    trailingPasses = 0;
    if (call.type === 'bid') {
      lastBid = { level: call.level, strain: call.strain, seat };
      doubled = 0;
    } else doubled = call.type === 'double' ? 1 : 2;
  }
  // "Die Auktion endet, sobald auf eine Ansage, ein Verdoppeln oder ein Redoppeln 3 Personen
  // hintereinander passen. Passen alle 4 Personen bereits beim allerersten Mal ... neu ausgeteilt."
  const status: AuctionSummary['status'] =
    lastBid !== null && trailingPasses >= players - 1
      ? 'won'
      : lastBid === null && trailingPasses >= players
        ? 'passed-out'
        : 'open';
  const next = (dealer + calls.length) % players;
  return { lastBid, doubled, status, next } satisfies AuctionSummary;
}

export interface CallChoices {
  bids: { level: number; strain: BridgeStrain }[];
  canDouble: boolean;
  canRedouble: boolean;
}

/** Every call `seat` may make on top of `summary` (passing is always allowed). */
export function callChoices(config: BridgeConfig, summary: AuctionSummary, seat: BridgeSeat): CallChoices {
  const order = strainOrder(config);
  const bids: CallChoices['bids'] = [];
  const last = summary.lastBid;
  for (let level = 1; level <= 7; level++) {
    for (const strain of order) {
      if (last === null || outranks(order, level, strain, last.level, last.strain))
        bids.push({ level, strain });
    }
  }
  return {
    bids,
    // "Jede Person darf die letzte Ansage einer gegnerischen Person verdoppeln, solange sie noch
    // nicht überboten wurde" - once; a second double would be a redouble.
    canDouble: last !== null && summary.doubled === 0 && !sameSide(config, seat, last.seat),
    // "Die verdoppelte Seite darf ihrerseits redoppeln" - once (reading 3).
    canRedouble: last !== null && summary.doubled === 1 && sameSide(config, seat, last.seat),
  };
}

/** "entweder durch eine höhere Stufe oder, bei gleicher Stufe, durch eine höher eingestufte Farbe". */
export function outranks(
  order: readonly BridgeStrain[],
  level: number,
  strain: BridgeStrain,
  overLevel: number,
  overStrain: BridgeStrain,
): boolean {
  return level > overLevel || (level === overLevel && order.indexOf(strain) > order.indexOf(overStrain));
}

/** Is `call` one `seat` may make now? */
export function callAllowed(
  config: BridgeConfig,
  summary: AuctionSummary,
  seat: BridgeSeat,
  call: BridgeCall,
) {
  const choices = callChoices(config, summary, seat);
  switch (call.type) {
    case 'pass':
      return true;
    case 'double':
      return choices.canDouble;
    case 'redouble':
      return choices.canRedouble;
    case 'bid':
      return choices.bids.some((bid) => bid.level === call.level && bid.strain === call.strain);
  }
}

/**
 * The contract of a won auction: "Die alleinspielende Person (Declarer) ist diejenige Person
 * der gewinnenden Seite, die während der Auktion als Erste die Farbe des endgültigen
 * Kontrakts genannt hat; ihre Partnerin oder ihr Partner wird zum offen aufgelegten Blatt".
 * With three players the blind hand is the declarer's dummy.
 */
export function contractOf(
  config: BridgeConfig,
  calls: readonly BridgeCallEntry[],
  summary: AuctionSummary,
): BridgeContract {
  const last = summary.lastBid!;
  let declarer = last.seat;
  for (const { seat, call } of calls) {
    if (call.type === 'bid' && call.strain === last.strain && sameSide(config, seat, last.seat)) {
      declarer = seat;
      break;
    }
  }
  return {
    level: last.level,
    strain: last.strain,
    doubled: summary.doubled,
    declarer,
    declarerHand: declarer,
    dummyHand: config.players === 4 ? (declarer + 2) % 4 : 3,
  };
}
