/** Names the Bridge table shows: per hand (a seat's player, or the blind hand), and per side of a contract. */
import type { BridgeResult, BridgeView } from '@kibitz/rules/bridge';
import { listOf } from '../../lib/i18n.ts';
import { prefs } from '../../lib/prefs.svelte.ts';
import { seatsOfAccount } from './sheet.ts';
import { bt } from './t.ts';

export function handNamesOf(view: Pick<BridgeView, 'playerCount'>, seatNames: readonly string[]): string[] {
  return [0, 1, 2, 3].map((hand) => (hand < view.playerCount ? (seatNames[hand] ?? '') : bt('br.blind')));
}

export interface TrickSide {
  key: 'declaring' | 'defending';
  name: string;
  count: number;
}

/** The two sides of the contract and the tricks each has taken (the declarer's with the dummy's). */
export function trickSides(
  view: Pick<BridgeView, 'contract' | 'tricksWon' | 'playerCount'>,
  handNames: readonly string[],
): TrickSide[] {
  const contract = view.contract;
  if (contract === null) return [];
  const declaring = [contract.declarerHand, contract.dummyHand];
  const defending = [0, 1, 2, 3].filter((hand) => !declaring.includes(hand));
  const count = (hands: number[]) => hands.reduce((sum, hand) => sum + (view.tricksWon[hand] ?? 0), 0);
  const name = (hand: number) => handNames[hand] ?? '';
  return [
    {
      key: 'declaring',
      name:
        view.playerCount === 3
          ? bt('br.blindSide', { name: name(contract.declarerHand) })
          : bt('br.sideOf', { a: name(contract.declarerHand), b: name(contract.dummyHand) }),
      count: count(declaring),
    },
    {
      key: 'defending',
      name: bt('br.sideOf', { a: name(defending[0]!), b: name(defending[1]!) }),
      count: count(defending),
    },
  ];
}

/** A score account's name: "Ann and Cy" (a team), or the player in the three-person form. */
export function accountName(account: number, playerCount: number, seatNames: readonly string[]): string {
  return listOf(
    prefs.locale,
    seatsOfAccount(account, playerCount).map((seat) => seatNames[seat] ?? ''),
  );
}

/** "Ann and Cy win by 432 points", or a tie. */
export function outcomeText(result: BridgeResult, playerCount: number, seatNames: readonly string[]): string {
  const winners = result.winners.map((account) => accountName(account, playerCount, seatNames));
  if (winners.length > 1) return bt('br.tie', { names: listOf(prefs.locale, winners) });
  return bt(playerCount === 4 ? 'br.winsTeam' : 'br.winsPlayer', {
    name: winners[0]!,
    margin: result.margin,
  });
}
