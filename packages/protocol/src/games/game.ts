/**
 * What every game brings to the protocol (one module per game, in `games/<game>/`): the
 * schemas of its config, view, actions and results, the rules' refusal codes it can
 * answer with, and the words the generated README uses for them. The registry
 * (games/index.ts) builds the wire's unions from these modules.
 */
import type { z } from 'zod';

/** How the generated README names and describes one game's payloads. */
export interface ProtocolGameDocs {
  /** The prefix of its payloads' headings: `${name}Config`, `${name}View`, … */
  name: string;
  /** How a config names this game, for the README's "Games" paragraph. */
  naming: string;
  config: string;
  view: string;
  action: string;
  handResult: string;
  result: string;
  /**
   * The README's example messages, when this game is the registry's first (examples.ts
   * shows the first game's; docs.test.ts checks them against the schemas).
   */
  examples?: ProtocolGameExamples;
}

/** One table of the game in the README's examples. */
export interface ProtocolGameExamples {
  /** `create-table`'s config and the `table` event's rules. */
  config: Readonly<Record<string, unknown>>;
  /** `set-rules`' config: the same game with a house rule changed. */
  rulesUpdate: Readonly<Record<string, unknown>>;
  /** An `act`'s action. */
  action: Readonly<{ type: string } & Record<string, unknown>>;
  /** `game-over`'s result. */
  result: unknown;
}

/** One game's schemas. */
export interface ProtocolGame {
  /** The rules registry's id (`gameIdOf(config)`). */
  id: string;
  configSchema: z.ZodType;
  /** A whole view; its `shape` lists the fields a view without `base` must have. */
  viewSchema: z.ZodObject;
  /** A view as sent: any of the whole view's fields and no other (`viewSchema.partial().strict()`). */
  sentViewSchema: z.ZodObject;
  actionSchema: z.ZodType<{ type: string }>;
  resultSchema: z.ZodType;
  handResultSchema: z.ZodType;
  /** Every code the game's rules refuse an action with (its module checks the list is complete). */
  rejectionCodes: readonly string[];
  docs: ProtocolGameDocs;
}
