/**
 * packages/protocol/README.md, generated from the schemas, the examples and the refusal
 * codes (`pnpm --filter @kibitz/protocol readme` writes it; docs.test.ts fails when the
 * file on disk differs, so it cannot fall behind the code).
 */
import type { RejectionCode } from '@kibitz/rules';
import type { BridgeRejectionCode } from '@kibitz/rules/bridge';
import { z } from 'zod';
import { clientEventSchemas } from './client-messages.ts';
import {
  CONNECT_ERROR_CODES,
  PROTOCOL_ERROR_CODES,
  RETRY_AFTER_CODES,
  TABLE_REFUSAL_CODES,
} from './errors.ts';
import { clientExamples, serverExamples } from './examples.ts';
import {
  bridgeActionSchema,
  bridgeConfigSchema,
  bridgeHandResultSchema,
  bridgeResultSchema,
  bridgeViewSchema,
  gameConfigSchema,
  gameResultSchema,
  gameViewSchema,
  pinochleActionSchema,
  pinochleConfigSchema,
  pinochleHandResultSchema,
  pinochleResultSchema,
  pinochleViewSchema,
} from './games/index.ts';
import { sentViewSchema, serverEventSchemas } from './server-messages.ts';

/** Every code the rules refuse an action with (the compiler checks the list is complete). */
export const RULES_REJECTION_CODES = [
  'game-over',
  'not-a-seat',
  'not-your-turn',
  'wrong-phase',
  'malformed-action',
  'bid-too-low',
  'bid-not-allowed',
  'cannot-pass',
  'card-not-in-hand',
  'illegal-card',
  'wrong-card-count',
  'trump-needs-marriage',
  'cannot-concede',
  'cannot-call-redeal',
  'must-pass-requested-suit',
  'cannot-double',
  'cannot-redouble',
  'must-follow-suit',
] as const satisfies readonly (RejectionCode | BridgeRejectionCode)[];
type Missing = Exclude<RejectionCode | BridgeRejectionCode, (typeof RULES_REJECTION_CODES)[number]>;
const complete: Missing extends never ? true : never = true;

const REPLY_DATA: Partial<Record<keyof typeof clientEventSchemas, string>> = {
  'create-table':
    '`table` (the code), `playerId`, `token`, `seat` (0: the creator sits down at once), `host`',
  join: '`table`, `playerId`, `token` (keep it to come back), `seat`, `host`',
  watch: '`table`, `playerId: null`, `token: null`, `seat: null`, `host: false`',
  'add-bot': '`playerId` of the bot',
  'start-game': '`gameId`',
  'new-game': '`gameId` when the game started; none when it counted as a vote to play again',
  act: '`version`: the game version after the action',
  'chat-history': '`messages` (oldest first, each as the `chat` event) and `more` (older ones remain)',
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): string {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return JSON.stringify(json, null, 2);
}

/**
 * The game's payloads are big and appear in several events: each is written out once,
 * under its own heading, and the events refer to it by \`$ref\` (the heading's anchor).
 */
const GAME_PAYLOADS = [
  ['GameConfig', gameConfigSchema, "A table's game and house rules: `PinochleConfig` or `BridgeConfig`."],
  [
    'PinochleConfig',
    pinochleConfigSchema,
    "The Pinochle variant, its house rules and the table options (the rules' own schema).",
  ],
  [
    'BridgeConfig',
    bridgeConfigSchema,
    "Auction Bridge (`game: 'auction-bridge'`, `players` 4 or 3), its house rules and the table options (the rules' own schema).",
  ],
  [
    'GameView',
    gameViewSchema,
    "A seat's or a spectator's view of the game: exactly the rules' `view(state, viewer)` of the table's game.",
  ],
  ['PinochleView', pinochleViewSchema, 'A Pinochle view.'],
  [
    'BridgeView',
    bridgeViewSchema,
    "An Auction Bridge view. `dummy` is null until the opening lead, then the dummy's cards for everyone; the blind hand (hand 3, three players) is in no view before then; when the dummy is to play, only the declarer is in `toAct` and gets the `play` prompt (its `hand` is the dummy's).",
  ],
  [
    'SentView',
    sentViewSchema,
    "A view as sent: every field of one game's view, or with `base` only those that changed.",
  ],
  [
    'PinochleAction',
    pinochleActionSchema,
    "What a seat may send in `act` at a Pinochle table (`gather` is the server's: `server-action`).",
  ],
  [
    'BridgeAction',
    bridgeActionSchema,
    "What a seat may send in `act` at a Bridge table: the declarer plays the dummy's cards with `play` (`gather` is the server's). An action of another game is refused `malformed-action`.",
  ],
  ['PinochleHandResult', pinochleHandResultSchema, 'How a Pinochle hand was scored.'],
  [
    'BridgeHandResult',
    bridgeHandResultSchema,
    'How a Bridge hand was scored: the lines it wrote above and below the line.',
  ],
  ['GameResult', gameResultSchema, 'Who won the game, and why: `PinochleResult` or `BridgeResult`.'],
  ['PinochleResult', pinochleResultSchema, 'The end of a Pinochle game.'],
  [
    'BridgeResult',
    bridgeResultSchema,
    'The end of a rubber (or of the hand limit): winning score accounts (four players: 0 = seats 0+2, 1 = seats 1+3; three: the seat) and the margin.',
  ],
] as const;

function serverSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of GAME_PAYLOADS) registry.add(schema, { id });
  for (const [event, schema] of Object.entries(serverEventSchemas))
    registry.add(schema, { id: `event:${event}` });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#${id.toLowerCase()}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  for (const json of Object.values(schemas)) {
    delete json.$schema;
    delete json.$id;
  }
  return schemas;
}

function block(language: string, text: string): string {
  return `\`\`\`${language}\n${text}\n\`\`\``;
}

export function renderProtocolReadme(): string {
  void complete;
  const out: string[] = [];
  out.push(`# @kibitz/protocol — protocol v2

<!-- Generated by packages/protocol/src/docs.ts: edit that file and run
     \`npx -y pnpm@12.4.2 --filter @kibitz/protocol readme\`. docs.test.ts checks it is current. -->

The messages between a client and the Kibitz game server, as zod schemas and types.
The server parses every inbound payload with \`parseClientMessage(event, payload)\`
(never throws); clients can check what the server sends with \`serverEventSchemas\`.

## Transport

socket.io 4 over WebSocket (long-polling as a fallback), JSON packets. A client sends
events with a payload and, if it wants an answer, an acknowledgement callback.

- **Replies.** \`{ "ok": true, ... }\` with the data listed per event below, or
  \`{ "ok": false, "code": "...", "message": "...", "retryAfterMs"?: 250 }\`.
  \`code\` is always a refusal code (listed at the end); the table a reply is about is
  in \`table\`. \`retryAfterMs\` comes with ${RETRY_AFTER_CODES.map((code) => `\`${code}\``).join(', ')}: after
  that long the same request can succeed.
- **One refusal channel.** A request sent with an acknowledgement is answered only
  there. A request sent without one is refused with a \`rejection\` event (the table
  said no) or a \`protocol-error\` event (the message was not understood or too fast).
- **Sessions.** A socket belongs to a table only once \`create-table\`, \`join\` or
  \`watch\` succeeded; a refused one leaves it where it was. One socket is one member:
  joining again from the same socket stays the same member. Anonymous watchers are
  counted, not listed; members who are gone expire after a while.
- **Resuming.** Put \`{ "code": "<table>", "token": "<token>" }\` (or just \`code\` to
  watch) in socket.io's \`auth\` option: after every (re)connection the server joins
  the socket by itself and sends \`welcome\`, \`table\` and a whole \`view\`. Or send
  \`join\` with the token (the name may be left out).
- **Views** arrive as changes to the view the socket got just before (\`base\`);
  \`ViewAssembler\` puts them together. After a (re)join the first view is whole.
- **Chat history** is sent on a guest's first join only; afterwards ask with
  \`chat-history\`, paging back with \`before\` = the oldest message's \`at\`.
- **Actions** answer a view \`version\`; any other version is \`stale-version\`, except
  a card pass (\`pass-cards\`) and \`continue\` on a hand's result panel: they answer
  their own prompt, so partners passing at the same moment are both taken, in either
  order. A \`continue\` that reaches a panel already closed (its time ran out, and the
  server continued for everyone) is answered \`ok\` and changes nothing: the next deal
  is under way.
- **Games.** A table plays one game, named by its config: \`game\` (\`"auction-bridge"\`,
  with \`players\` 4 or 3), or a Pinochle \`variant\` alone. \`create-table\` and
  \`set-rules\` take any game's config (the game's own schema judges it: \`bad-config\`
  names the option); the \`table\` event's \`rules\`, every \`view\`, \`act\`'s \`action\` and
  \`game-over\` carry that game's own values (\`gameIdOf(config)\` from
  \`@kibitz/rules/game\` says which; \`protocolGame(id)\` gives its schemas). An action of
  another game is refused \`malformed-action\`.
`);
  out.push('## Client → server events\n');
  for (const [event, schema] of Object.entries(clientEventSchemas)) {
    const name = event as keyof typeof clientEventSchemas;
    out.push(`### \`${event}\`\n`);
    const example = clientExamples[name];
    out.push(
      example === undefined
        ? 'No payload.\n'
        : `Example:\n\n${block('json', JSON.stringify(example, null, 2))}\n`,
    );
    out.push(`Reply data: ${REPLY_DATA[name] ?? 'nothing beside `ok`'}.\n`);
    out.push(
      `<details><summary>Schema</summary>\n\n${block('json', schemaOf(schema, 'input'))}\n\n</details>\n`,
    );
  }
  out.push('## Server → client events\n');
  const schemas = serverSchemas();
  for (const event of Object.keys(serverEventSchemas)) {
    out.push(`### \`${event}\`\n`);
    out.push(
      `Example:\n\n${block('json', JSON.stringify(serverExamples[event as keyof typeof serverExamples], null, 2))}\n`,
    );
    const schema = JSON.stringify(schemas[`event:${event}`], null, 2);
    out.push(`<details><summary>Schema</summary>\n\n${block('json', schema)}\n\n</details>\n`);
  }
  out.push('## Game payloads\n');
  out.push('What the events above refer to with `$ref`.\n');
  for (const [id, , about] of GAME_PAYLOADS) {
    out.push(`### ${id}\n`);
    out.push(`${about}\n`);
    const schema = JSON.stringify(schemas[id], null, 2);
    out.push(`<details><summary>Schema</summary>\n\n${block('json', schema)}\n\n</details>\n`);
  }
  out.push('## Refusal codes\n');
  out.push(`Table refusals (the request was understood; nothing changed): ${list(TABLE_REFUSAL_CODES)}.\n`);
  out.push(`Rules refusals of an action (nothing changed): ${list(RULES_REJECTION_CODES)}.\n`);
  out.push(
    `Protocol errors (the message was not understood, or came too fast): ${list(PROTOCOL_ERROR_CODES)}.\n`,
  );
  out.push(
    `Connection refusals (\`connect_error\` with \`data.code\`; try again later): ${list(CONNECT_ERROR_CODES)}.\n`,
  );
  out.push('Each refusal carries a `message` in English that names the particulars.\n');
  return `${out.join('\n').trimEnd()}\n`;
}

function list(codes: readonly string[]): string {
  return codes.map((code) => `\`${code}\``).join(', ');
}
