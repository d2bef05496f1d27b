/**
 * The house rules of Auction Bridge [002]: every variation the sheet lists ("Varianten")
 * is an option, the sheet's own rule is the default, and the readings where the sheet
 * is silent are options too (README.md in this folder quotes the sheet for each).
 * A config is validated once, when a table opens; the engine then trusts it.
 */
import { z } from 'zod';

export const bridgeConfigSchema = z
  .object({
    game: z.literal('auction-bridge'),
    players: z
      .union([z.literal(4), z.literal(3)])
      .default(4)
      .describe(
        '"die Standardform wird jedoch stets zu viert gespielt"; 3 = "Auction-Bridge zu dritt" with a blind hand taken by the auction winner',
      ),
    royalAuction: z
      .boolean()
      .default(false)
      .describe('"Royal Auction-Bridge": a higher trick value for Sans-Atout (royalNoTrumpValue)'),
    royalNoTrumpValue: z
      .number()
      .int()
      .min(11)
      .max(20)
      .default(12)
      .describe('Sans-Atout trick value under Royal Auction (the sheet names no number; reading: 12)'),
    nullo: z
      .boolean()
      .default(false)
      .describe('"Nullo- (Misère-)Ansagen": bids to take as few tricks as possible'),
    nulloTrickValue: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(10)
      .describe('Value of each nullo trick below the line (the sheet names no number; reading: 10)'),
    handLimit: z
      .number()
      .int()
      .min(1)
      .max(50)
      .nullable()
      .default(null)
      .describe(
        '"Verkürzte Rubber im Chicago-Stil": end the session after this many played hands; null = a full rubber',
      ),
    fourHonours: z
      .enum(['ace-king-queen-jack', 'any-four'])
      .default('ace-king-queen-jack')
      .describe(
        'Which four trump honours in one hand score 80: the four the sheet names (A K Q J), or any four of the five',
      ),
    paced: z
      .boolean()
      .default(false)
      .describe(
        "Not a house rule: the server's pacing. A complete trick waits for 'gather', a finished hand for every seat's 'continue'",
      ),
  })
  .strict();

export type BridgeConfig = z.infer<typeof bridgeConfigSchema>;
/** What a host sends: the game plus any options to change; the rest take the sheet's defaults. */
export type BridgeConfigInput = z.input<typeof bridgeConfigSchema>;

export interface BridgeConfigError {
  /** Dotted path of the offending option, e.g. "handLimit". */
  option: string;
  message: string;
}

export type BridgeConfigResult =
  | { ok: true; config: BridgeConfig }
  | { ok: false; errors: BridgeConfigError[] };

/** Validates a host's house rules; unknown options are refused by name. */
export function parseBridgeConfig(input: unknown): BridgeConfigResult {
  const result = bridgeConfigSchema.safeParse(input);
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
      const path = [...issue.path.map(String), ...(keys.length === 1 ? keys : [])].join('.');
      return { option: path || '(config)', message: issue.message };
    }),
  };
}

/** The sheet's rules with every default written down. */
export function defaultBridgeConfig(): BridgeConfig {
  const result = parseBridgeConfig({ game: 'auction-bridge' });
  if (!result.ok) throw new Error('the default bridge config does not validate');
  return result.config;
}
