/**
 * The rubber score sheet as players keep it [002] "Punktewertung": one column per side
 * (per player in the three-person form), bonuses, penalties, honours and slams above the
 * line, trick points below it, a rule under each finished game, and the totals. Built from
 * the view's score only: the engine did the arithmetic, the sheet lays it out.
 */
import { type BridgeScore, type BridgeScoreEntry, GAME_POINTS } from '@kibitz/rules/bridge';

/** "Die erste Partnerschaft, die 2 Spiele gewinnt" (the rules module does not export it). */
const GAMES_FOR_RUBBER = 2;

export interface SheetGame {
  /** 0-based, as the entries count it. */
  game: number;
  entries: BridgeScoreEntry[];
  points: number;
  /** This column completed the game. */
  won: boolean;
  /** The game is over (someone reached 30); else it is the game in progress. */
  finished: boolean;
}

export interface SheetColumn {
  account: number;
  /** Above the line, in the order written (the sheet stacks them upwards from the line). */
  above: BridgeScoreEntry[];
  games: SheetGame[];
  aboveTotal: number;
  belowTotal: number;
  total: number;
  gamesWon: number;
}

export function rubberSheet(score: BridgeScore, accountCount: number): SheetColumn[] {
  // A rubber won has no game in progress: the sheet ends with the game that won it.
  const won = score.games.some((games) => games >= GAMES_FOR_RUBBER);
  const gameCount = won ? score.gameNumber : score.gameNumber + 1;
  const finished = (game: number) => game < score.gameNumber;
  return Array.from({ length: accountCount }, (_, account) => {
    const mine = score.entries.filter((entry) => entry.account === account);
    const above = mine.filter((entry) => entry.line === 'above');
    const games: SheetGame[] = Array.from({ length: gameCount }, (_, game) => {
      const entries = mine.filter((entry) => entry.line === 'below' && entry.game === game);
      const points = sum(entries);
      return {
        game,
        entries,
        points,
        won: finished(game) && points >= GAME_POINTS,
        finished: finished(game),
      };
    });
    const aboveTotal = sum(above);
    const belowTotal = sum(mine.filter((entry) => entry.line === 'below'));
    return {
      account,
      above,
      games,
      aboveTotal,
      belowTotal,
      total: aboveTotal + belowTotal,
      gamesWon: games.filter((game) => game.won).length,
    };
  });
}

function sum(entries: readonly BridgeScoreEntry[]): number {
  return entries.reduce((total, entry) => total + entry.points, 0);
}

/** Seats of a score account: a team (0+2, 1+3) with four players, one player with three. */
export function seatsOfAccount(account: number, playerCount: number): number[] {
  return playerCount === 4 ? [account, account + 2] : [account];
}
