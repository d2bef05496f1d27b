/** The Bridge review: a position solved by hand from the sheet's trick rules [002], and a whole reviewed hand. */
import { type BridgeState, legalBridgeActions, replayBridge } from '@kibitz/rules/bridge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionValues, expectBestLegal, expectJudgedAs } from '../common/test-support.ts';
import { reviewBridge } from './review.ts';
import { type EndPosition, solveTricks } from './search/solve.ts';
import { bridgeConfig, bridgeRules, firstPlayedBridgeHand } from './test-support.ts';

describe('a two-trick end solved by hand, hearts trump, declarer hand 0 with dummy hand 2', () => {
  // Hand 0 (declarer, to lead): A♠ 2♥; hand 1: K♠ 3♣; hand 2 (dummy): Q♠ 4♣; hand 3: 5♦ 3♥.
  const end = {
    hands: [
      ['AS', '2H'],
      ['KS', '3C'],
      ['QS', '4C'],
      ['5D', '3H'],
    ],
    table: [0, 1, 2, 3],
    trump: 'H',
    declaring: [0, 2],
    declaringWantsTricks: true,
  } as const;

  it('leading the ace makes one trick; leading the trump makes none', () => {
    // [002] "Jede Person muss eine Karte der ausgespielten Farbe zugeben, falls sie eine
    // besitzt; ist sie in dieser Farbe blank, darf eine beliebige Karte gespielt werden, auch
    // ein Trumpf." and "wurde Trumpf gespielt, gewinnt der höchste gespielte Trumpf."
    // A♠: K♠, Q♠; hand 3 ruffs with 3♥ (then leads 5♦, which hand 0 ruffs with 2♥: one
    // trick) or throws 5♦ (hand 0 keeps A♠'s trick, then 2♥ loses to 3♥: one trick).
    const afterAce: EndPosition = {
      ...end,
      hands: [['2H'], ...end.hands.slice(1)],
      trick: [{ hand: 0, card: 'AS' }],
      turn: 1,
    };
    expect(solveTricks(afterAce)).toBe(1);
    // 2♥: hand 1 and the dummy are void and throw clubs, 3♥ (it must follow) wins; hand 3
    // leads 5♦ and nobody can follow or ruff: none.
    const afterTrump: EndPosition = {
      ...end,
      hands: [['AS'], ...end.hands.slice(1)],
      trick: [{ hand: 0, card: '2H' }],
      turn: 1,
    };
    expect(solveTricks(afterTrump)).toBe(0);
    expect(solveTricks({ ...end, trick: [], turn: 0 })).toBe(1);
  });
});

describe('a whole hand reviewed', () => {
  it('judges every card: every best card legal at its version, loss 0 exactly when the card played is best', () => {
    const config = bridgeConfig();
    const seed = 'review-1';
    const actions = firstPlayedBridgeHand(seed);
    const review = reviewBridge({ config, seed, actions }, { nodes: 200_000 });
    expect(review.hands).toHaveLength(1);
    const [hand] = review.hands;
    expect(hand!.decisions).toHaveLength(52);
    const states = new Map<number, BridgeState>();
    replayBridge(config, seed, actions, (before) => states.set(before.version, before));
    expectBestLegal(hand!.decisions, (decision) =>
      legalBridgeActions(states.get(decision.version)!, decision.seat),
    );
    // The last tricks are exact within any budget; the par names the contract.
    expect(hand!.decisions.slice(-12).every((d) => d.exact)).toBe(true);
    expect(hand!.par.unit).toBe('tricks');
    // The contract judged: "gemeinsam mit der Partnerin oder dem Partner mindestens so viele
    // Mehrstiche (Stiche über das Buch von 6 hinaus) nehmen wie angesagt" [002] — as played,
    // the rules' own count of the declarer's tricks says whether it was made; at par, the par.
    let last: BridgeState | undefined;
    replayBridge(config, seed, actions, (_before, after) => {
      last = after;
    });
    const { contract, declarerTricks } = last!.history.at(-1)!;
    const needed = 6 + contract!.level;
    const counted = (tricks: number) => (contract!.strain === 'NULLO' ? 13 - tricks : tricks);
    expect(hand!.par.contract).toEqual({
      name: expect.stringMatching(/^[1-7](C|D|H|S|NT|NULLO)X{0,2}$/),
      needed,
      atPar: counted(hand!.par.value) >= needed,
      asPlayed: counted(declarerTricks!) >= needed,
    });
    expect(hand!.par.actual).toBe(declarerTricks);
  });
});

/** The declaring side's tricks at the end of the hand from `state` on, by best play of all (plain minimax through the rules). */
function bruteForce(state: BridgeState, hands: number): number {
  if (state.history.length > hands) return state.history.at(-1)!.declarerTricks!;
  const seat = state.toAct[0]!;
  const contract = state.hand.contract!;
  const declaring = [contract.declarerHand, contract.dummyHand].includes(state.hand.turn!);
  const values = actionValues(state, seat, bridgeRules, (after) => bruteForce(after, hands)).map(
    (v) => v.value,
  );
  return declaring ? Math.max(...values) : Math.min(...values);
}

describe('the review of the last three tricks equals a brute-force search through the rules', () => {
  for (const players of [4, 3]) {
    it(`${players} players`, () => {
      const config = bridgeConfig({ players });
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 8 }), (seed) => {
          const actions = firstPlayedBridgeHand(seed, config);
          const review = reviewBridge({ config, seed, actions }, { nodes: 20_000 });
          const hand = review.hands.at(-1)!;
          const states = new Map<number, BridgeState>();
          replayBridge(config, seed, actions, (before) => states.set(before.version, before));
          for (const decision of hand.decisions.slice(-12)) {
            const before = states.get(decision.version)!;
            const contract = before.hand.contract!;
            const wants = [contract.declarerHand, contract.dummyHand].includes(before.hand.turn!) ? 1 : -1;
            const values = actionValues(
              before,
              decision.seat,
              bridgeRules,
              (after) => wants * bruteForce(after, before.history.length),
            );
            expectJudgedAs(decision, values);
          }
        }),
        { numRuns: 12 },
      );
    });
  }
});
