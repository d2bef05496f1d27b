/**
 * A finished (or running) game as a plain-text score sheet: one row per hand with the
 * dealer, the bid, trump, meld and trick points per side, what happened, and the running
 * scores; then the winner. The module's `scoreSheetText` (the server's records) and the
 * bots' demo; plain strings, so it is easy to test.
 */
import { SUIT_NAMES } from './cards.ts';
import type { GameState, HandResult } from './state.ts';
import { variantOf } from './variants/index.ts';

export interface SheetOptions {
  /** ANSI colours (bold headings, green made, red set); off for logs and tests. */
  color?: boolean;
}

const SEAT_NAMES_4 = ['North', 'East', 'South', 'West'];
const TEAM_NAMES = ['N/S', 'E/W'];

function seatName(state: GameState, seat: number): string {
  return state.seatCount === 4 ? SEAT_NAMES_4[seat]! : `P${seat + 1}`;
}

function sideNames(state: GameState): string[] {
  return state.sideCount === 2 ? TEAM_NAMES : [0, 1, 2].map((seat) => `P${seat + 1}`);
}

const OUTCOME_TEXT: Record<HandResult['outcome'], string> = {
  'passed-out': 'passed out',
  'redeal-called': 'redeal',
  played: 'played',
  conceded: 'conceded',
  'no-marriage': 'no marriage',
  'meld-under-20': 'meld < 20',
};

function resultText(result: HandResult): string {
  if (result.outcome === 'played') return result.made ? 'made' : 'set';
  return OUTCOME_TEXT[result.outcome];
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

function cell(text: string, column: Column): string {
  return column.align === 'left' ? text.padEnd(column.width) : text.padStart(column.width);
}

export function formatScoreSheet(state: GameState, options: SheetOptions = {}): string {
  const paint = (code: string, text: string): string =>
    options.color ? `\x1b[${code}m${text}\x1b[0m` : text;
  // The module's pointScale, asked of the variant here: the module imports this file.
  const scale = variantOf(state.config).pointScale(state.config);
  const num = (value: number): string => String(value / scale);
  const sides = sideNames(state);
  const sideWidth = Math.max(5, ...sides.map((name) => name.length));
  const perSide = (group: string): Column[] =>
    sides.map((name) => ({ title: `${group}${name}`, width: sideWidth, align: 'right' as const }));

  const columns: Column[] = [
    { title: 'Hand', width: 4, align: 'right' },
    { title: 'Dealer', width: 6, align: 'left' },
    { title: 'Bidder', width: 6, align: 'left' },
    { title: 'Bid', width: 4, align: 'right' },
    { title: 'Trump', width: 8, align: 'left' },
    ...perSide(''),
    ...perSide(''),
    { title: 'Result', width: 11, align: 'left' },
    ...perSide(''),
  ];
  const groups = [
    { label: 'Meld', from: 5 },
    { label: 'Tricks', from: 5 + sides.length },
    { label: 'Score', from: 6 + 2 * sides.length },
  ];
  const gap = '  ';
  const resultColumn = 5 + 2 * sides.length;
  // Cells are padded before colouring, so escape codes do not upset the alignment.
  const row = (texts: readonly string[], color: string | null = null): string =>
    texts
      .map((text, i) => {
        const padded = cell(text, columns[i]!);
        return i === resultColumn && color !== null ? paint(color, padded) : padded;
      })
      .join(gap);

  // A first heading line spans each group (Meld, Tricks, Score) over its side columns.
  const spanWidth = sides.length * sideWidth + (sides.length - 1) * gap.length;
  const groupLine = columns
    .map((column, i) => {
      const group = groups.find((g) => g.from === i);
      if (group)
        return ` ${group.label} `
          .padStart((spanWidth + group.label.length + 2) / 2, '─')
          .padEnd(spanWidth, '─');
      const inGroup = groups.some((g) => i > g.from && i < g.from + sides.length);
      return inGroup ? null : ' '.repeat(column.width);
    })
    .filter((text) => text !== null)
    .join(gap)
    .trimEnd();
  const headLine = row(columns.map((column) => column.title));
  const lines = [paint('1', groupLine), paint('1', headLine), '─'.repeat(headLine.length)];

  const running = new Array<number>(state.sideCount).fill(0);
  for (const result of state.history) {
    result.delta.forEach((delta, side) => {
      running[side]! += delta;
    });
    const bid = result.bidder === null ? '' : num(result.bid ?? 0);
    const played = result.trump !== null;
    // Meld that was laid but did not count (no trick, no counter, a set) is shown in brackets.
    const meld = result.meld.map((value, side) => {
      if (!played) return '';
      return value === result.meldCounted[side] || value === 0 ? num(value) : `(${num(value)})`;
    });
    const tricks = result.trickPoints.map((value) => (result.outcome === 'played' ? num(value) : ''));
    const text = resultText(result);
    const color = text === 'made' ? '32' : text === 'set' ? '31' : text === 'conceded' ? '33' : null;
    const texts = [
      String(result.deal + 1),
      seatName(state, result.dealer),
      result.bidder === null ? '-' : seatName(state, result.bidder),
      bid,
      result.trump === null ? '' : SUIT_NAMES[result.trump],
      ...meld,
      ...tricks,
      text,
      ...running.map(num),
    ];
    lines.push(row(texts, color));
  }
  lines.push('─'.repeat(headLine.length));
  lines.push(summary(state, sides, num, paint));
  return lines.join('\n');
}

function summary(
  state: GameState,
  sides: readonly string[],
  num: (value: number) => string,
  paint: (code: string, text: string) => string,
): string {
  const hands = state.history.length;
  const notPlayed = state.history.filter(
    (h) => h.outcome === 'passed-out' || h.outcome === 'redeal-called',
  ).length;
  const handsText = `${hands} hand${hands === 1 ? '' : 's'}${notPlayed > 0 ? ` (${notPlayed} passed out)` : ''}`;
  const finals = state.scores.map((score, side) => `${sides[side]} ${num(score)}`).join(', ');
  if (state.result === null) return `Game not finished after ${handsText}: ${finals}`;
  const winners = state.result.winners.map((side) => sides[side]).join(' and ');
  const team = state.sideCount === 2 ? ` (${teamMembers(state.result.winners[0]!)})` : '';
  return `${paint('1', `Winner: ${winners}${team}`)} after ${handsText}; final scores ${finals}`;
}

function teamMembers(team: number): string {
  return `${SEAT_NAMES_4[team]} and ${SEAT_NAMES_4[team + 2]}`;
}
