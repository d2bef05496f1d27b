/** The review's response schema: both games' answers parse as sent, and a malformed one is refused. */
import type { GameReview } from '@kibitz/bots';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { gameReviewResponseSchema } from './review.ts';

// What the bots' reviewers make, with their play actions, is what the schema takes.
type Input = z.input<typeof gameReviewResponseSchema>;
type BotsAnswer = { id: string } & GameReview<{ type: 'play'; card: 'AS' }>;
const fits: (answer: BotsAnswer) => Input = (answer) => answer;
void fits;

const bridgeAnswer = {
  id: 'game-1',
  hands: [
    {
      hand: 1,
      par: {
        value: 9,
        actual: 8,
        unit: 'tricks',
        exact: true,
        contract: { name: '3S', needed: 9, atPar: true, asPlayed: false },
        declarer: 2,
      },
      decisions: [
        {
          version: 14,
          seat: 1,
          played: { type: 'play', card: 'KH' },
          best: [{ type: 'play', card: 'KH' }],
          loss: 0,
          exact: true,
        },
        {
          version: 15,
          seat: 2,
          played: { type: 'play', card: '3H' },
          best: [
            { type: 'play', card: 'AH' },
            { type: 'play', card: 'TH' },
          ],
          loss: 1,
          exact: true,
        },
      ],
    },
  ],
};

const pinochleAnswer = {
  id: 'game-2',
  hands: [
    {
      hand: 2,
      par: {
        value: 120,
        actual: 100,
        unit: 'points',
        exact: false,
        bidder: 0,
        side: [0],
        trump: 'H',
        buried: 10,
      },
      decisions: [
        {
          version: 30,
          seat: 0,
          played: { type: 'play', card: 'AS' },
          best: [{ type: 'play', card: 'TS' }],
          loss: 20,
          exact: false,
        },
      ],
    },
  ],
};

describe('the review response schema', () => {
  it("takes a Bridge review as sent, the par's details kept", () => {
    expect(gameReviewResponseSchema.parse(bridgeAnswer)).toEqual(bridgeAnswer);
  });

  it('takes a Pinochle review as sent, an estimate labelled as one', () => {
    const parsed = gameReviewResponseSchema.parse(pinochleAnswer);
    expect(parsed).toEqual(pinochleAnswer);
    expect(parsed.hands[0]!.decisions[0]!.exact).toBe(false);
  });

  const decision = bridgeAnswer.hands[0]!.decisions[1]!;
  const withDecision = (changed: Record<string, unknown>) => ({
    ...bridgeAnswer,
    hands: [{ ...bridgeAnswer.hands[0]!, decisions: [{ ...decision, ...changed }] }],
  });
  const refused: [string, unknown][] = [
    ['a negative loss', withDecision({ loss: -1 })],
    ['no best card', withDecision({ best: [] })],
    ['a played card that is no action', withDecision({ played: { type: 'play', card: 'XX' } })],
    ['a best action of no game', withDecision({ best: [{ type: 'dance' }] })],
    ['no exact flag', withDecision({ exact: undefined })],
    [
      'a par in an unknown unit',
      {
        ...bridgeAnswer,
        hands: [{ ...bridgeAnswer.hands[0]!, par: { value: 1, actual: 1, unit: 'games', exact: true } }],
      },
    ],
    ['hand 0', { ...bridgeAnswer, hands: [{ ...bridgeAnswer.hands[0]!, hand: 0 }] }],
    ['no id', { hands: [] }],
  ];
  for (const [name, answer] of refused) {
    it(`refuses ${name}`, () => {
      expect(gameReviewResponseSchema.safeParse(answer).success).toBe(false);
    });
  }
});
