/**
 * The score [002] "Punktewertung": trick values below the line, bonuses, penalties, honours
 * and slams above it, games of 30 and the rubber of two games.
 */
import type { BridgeCard } from './cards.ts';
import type { BridgeConfig } from './config.ts';
import type {
  BridgeContract,
  BridgeResult,
  BridgeScore,
  BridgeScoreEntry,
  BridgeScoreKind,
  BridgeStrain,
} from './state.ts';

/** "das Erreichen eines Spiels": 30 below the line. */
export const GAME_POINTS = 30;
/** "Die erste Partnerschaft, die 2 Spiele gewinnt". */
export const GAMES_FOR_RUBBER = 2;
/** "erhält oberhalb des Striches 250 Punkte". */
export const RUBBER_BONUS = 250;
/** "die ersten 6 Stiche ... werden nicht gewertet". */
export const BOOK = 6;

/** "Kreuz 6, Karo 7, Herz 8, Pik 9, Sans-Atout 10 Punkte" (Royal and nullo: README.md). */
export function trickValue(config: BridgeConfig, strain: BridgeStrain): number {
  switch (strain) {
    case 'C':
      return 6;
    case 'D':
      return 7;
    case 'H':
      return 8;
    case 'S':
      return 9;
    case 'NT':
      return config.royalAuction ? config.royalNoTrumpValue : 10;
    case 'NULLO':
      return config.nulloTrickValue;
  }
}

/** 1, 2 or 4: "doppelt beziehungsweise vierfach". */
function multiplier(contract: BridgeContract): number {
  return contract.doubled === 0 ? 1 : contract.doubled === 1 ? 2 : 4;
}

/** "Ehrenkarten: As, König, Dame, Bube und 10 der Trumpffarbe (oder alle vier Asse bei einem Sans-Atout-Kontrakt)". */
export function honourCards(strain: BridgeStrain): BridgeCard[] {
  if (strain === 'NULLO') return [];
  if (strain === 'NT') return ['AS', 'AH', 'AD', 'AC'];
  return (['A', 'K', 'Q', 'J', 'T'] as const).map((rank): BridgeCard => `${rank}${strain}`);
}

/**
 * One side's honours from its two hands as dealt. "Hält ein Blatt alle 4 Trumpf-Ehrenkarten
 * (As, König, Dame, Bube der Trumpffarbe), erhält diese Seite 80 Punkte; hält ein Blatt alle 5
 * Trumpf-Ehrenkarten oder bei einem Sans-Atout-Kontrakt alle 4 Asse, erhält diese Seite 100
 * Punkte. Sind die Ehren aufgeteilt, 3 oder mehr zwischen beiden Partnern verteilt, oder genau
 * eine Ehrenkarte zusätzlich zu den vier der Partnerin oder des Partners, zählen 10 Punkte je
 * Ehrenkarte." Four in one hand and the fifth with the partner: 80 + 10 (reading 8).
 */
export function sideHonours(
  config: BridgeConfig,
  strain: BridgeStrain,
  pair: readonly [readonly BridgeCard[], readonly BridgeCard[]],
): number {
  const honours = honourCards(strain);
  if (honours.length === 0) return 0; // nullo has no trump and no honours (reading 6)
  const counts = pair.map((hand) => honours.filter((card) => hand.includes(card)).length);
  const total = counts[0]! + counts[1]!;
  if (counts.includes(honours.length)) return 100;
  if (strain !== 'NT') {
    for (let i = 0; i < 2; i++) {
      const four =
        config.fourHonours === 'any-four'
          ? counts[i] === 4
          : honours.slice(0, 4).every((card) => pair[i]!.includes(card));
      if (four) return 80 + 10 * counts[1 - i]!;
    }
  }
  return total >= 3 ? 10 * total : 0;
}

export interface SideEntry {
  side: 'declaring' | 'defending';
  line: 'above' | 'below';
  points: number;
  kind: BridgeScoreKind;
}

/**
 * What a played hand writes on the sheet, by side. `honours` are the sides' honour points
 * (declaring, defending) from sideHonours.
 */
export function handEntries(
  config: BridgeConfig,
  contract: BridgeContract,
  declarerTricks: number,
  honours: readonly [number, number],
): SideEntry[] {
  const entries: SideEntry[] = [];
  const times = multiplier(contract);
  const needed = BOOK + contract.level;
  // Nullo (reading 6): the declaring side undertakes that the opponents take BOOK + level tricks;
  // the opponents' odd tricks count for the declaring side.
  const counted = contract.strain === 'NULLO' ? 13 - declarerTricks : declarerTricks;
  if (counted >= needed) {
    // "Jeder von der reizenden Seite tatsächlich gewonnene Mehrstich zählt unterhalb des Striches"
    entries.push({
      side: 'declaring',
      line: 'below',
      points: (counted - BOOK) * trickValue(config, contract.strain) * times,
      kind: 'tricks',
    });
    // "bringt zusätzlich oberhalb des Striches einen Bonus von 50 Punkten (bei Redopplung 100 Punkten)"
    if (contract.doubled === 1)
      entries.push({ side: 'declaring', line: 'above', points: 50, kind: 'double-bonus' });
    if (contract.doubled === 2)
      entries.push({ side: 'declaring', line: 'above', points: 100, kind: 'redouble-bonus' });
  } else {
    // "50 Punkte je fehlendem Stich (verdoppelt: 100 je Stich; redoppelt: 200 je Stich)"
    entries.push({
      side: 'defending',
      line: 'above',
      points: (needed - counted) * 50 * times,
      kind: 'undertricks',
    });
  }
  if (honours[0] > 0) entries.push({ side: 'declaring', line: 'above', points: honours[0], kind: 'honours' });
  if (honours[1] > 0) entries.push({ side: 'defending', line: 'above', points: honours[1], kind: 'honours' });
  // "Werden 12 der 13 Stiche eines Blattes gewonnen (ein kleiner Schlemm), gibt es 50 Punkte;
  // werden alle 13 Stiche gewonnen (ein großer Schlemm), gibt es 100 Punkte, unabhängig von der
  // gereizten Stufe" - to whichever side takes them (reading 9); not in nullo (reading 6).
  if (contract.strain !== 'NULLO') {
    for (const [side, tricks] of [
      ['declaring', declarerTricks],
      ['defending', 13 - declarerTricks],
    ] as const) {
      if (tricks === 13) entries.push({ side, line: 'above', points: 100, kind: 'grand-slam' });
      if (tricks === 12) entries.push({ side, line: 'above', points: 50, kind: 'little-slam' });
    }
  }
  return entries;
}

export function emptyScore(accounts: number): BridgeScore {
  const zeros = () => new Array<number>(accounts).fill(0);
  return {
    above: zeros(),
    below: zeros(),
    currentGame: zeros(),
    games: zeros(),
    gameNumber: 0,
    handsPlayed: 0,
    entries: [],
  };
}

export interface Written {
  score: BridgeScore;
  /** The lines written, with the rubber bonus if the hand ended the rubber. */
  entries: BridgeScoreEntry[];
  gameWonBy: number | null;
  rubberWonBy: number | null;
}

/**
 * Writes a played hand's lines for the accounts of each side and closes a game at 30:
 * "das Erreichen eines Spiels schließt dieses Spiel ab, und beide Partnerschaften beginnen
 * unterhalb des Striches wieder bei null für das nächste Spiel."
 */
export function writeHand(
  score: BridgeScore,
  deal: number,
  lines: readonly SideEntry[],
  accounts: { declaring: readonly number[]; defending: readonly number[] },
): Written {
  const above = [...score.above];
  const below = [...score.below];
  const currentGame = [...score.currentGame];
  const games = [...score.games];
  const entries: BridgeScoreEntry[] = [];
  for (const line of lines) {
    for (const account of accounts[line.side]) {
      entries.push({
        deal,
        account,
        line: line.line,
        points: line.points,
        kind: line.kind,
        game: score.gameNumber,
      });
      if (line.line === 'above') above[account] = above[account]! + line.points;
      else {
        below[account] = below[account]! + line.points;
        currentGame[account] = currentGame[account]! + line.points;
      }
    }
  }
  let gameWonBy: number | null = null;
  let rubberWonBy: number | null = null;
  let gameNumber = score.gameNumber;
  const winner = currentGame.findIndex((points) => points >= GAME_POINTS);
  if (winner >= 0) {
    gameWonBy = winner;
    games[winner] = games[winner]! + 1;
    currentGame.fill(0);
    // "Der Rubber endet in dem Moment, in dem eine Partnerschaft ihr zweites Spiel abschließt."
    if (games[winner] === GAMES_FOR_RUBBER) {
      rubberWonBy = winner;
      entries.push({
        deal,
        account: winner,
        line: 'above',
        points: RUBBER_BONUS,
        kind: 'rubber',
        game: gameNumber,
      });
      above[winner] = above[winner]! + RUBBER_BONUS;
    }
    gameNumber++;
  }
  return {
    score: {
      above,
      below,
      currentGame,
      games,
      gameNumber,
      handsPlayed: score.handsPlayed + 1,
      entries: [...score.entries, ...entries],
    },
    entries,
    gameWonBy,
    rubberWonBy,
  };
}

/** Every point above and below the line, per account. */
export function totals(score: BridgeScore): number[] {
  return score.above.map((points, account) => points + score.below[account]!);
}

/**
 * "die Partnerschaft mit dem höheren Gesamtstand gewinnt den Rubber um die Differenz der beiden
 * Stände". Null when an unfinished session is tied at the top: "ein genauer Gleichstand bei
 * einem unvollendeten Rubber wird üblicherweise durch ein weiteres Blatt entschieden".
 */
export function rubberResult(score: BridgeScore, reason: BridgeResult['reason']): BridgeResult | null {
  const all = totals(score);
  const best = Math.max(...all);
  const winners = all.flatMap((points, account) => (points === best ? [account] : []));
  if (reason === 'hand-limit' && winners.length > 1) return null;
  const rest = all.filter((_, account) => !winners.includes(account));
  const margin = rest.length === 0 ? 0 : best - Math.max(...rest);
  return { winners, reason, totals: all, margin };
}
