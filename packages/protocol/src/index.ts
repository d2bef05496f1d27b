/** @kibitz/protocol: zod schemas and types of every message between client and server. */
export { actionSchema, cardSchema, suitSchema } from './actions.ts';
export {
  CLIENT_EVENTS,
  type ClientEvent,
  type ClientEventSchemas,
  type ClientMessage,
  type ClientPayload,
  type ClientPayloadInput,
  clientEventSchemas,
  configInputSchema,
  displayNameSchema,
  isClientEvent,
  type ParsedClientMessage,
  parseClientMessage,
  playerIdSchema,
  seatSchema,
  type TableSettings,
  tableCodeSchema,
  tableSettingsPatchSchema,
  tableSettingsSchema,
} from './client-messages.ts';
export {
  CONNECT_ERROR_CODES,
  type ConnectErrorCode,
  PROTOCOL_ERROR_CODES,
  type ProtocolErrorCode,
  type RefusalCode,
  TABLE_REFUSAL_CODES,
  type TableRefusalCode,
} from './errors.ts';
export { gameConfigSchema, gameResultSchema, gameViewSchema, handResultSchema } from './games/index.ts';
export * from './limits.ts';
export {
  type ConnectErrorData,
  connectErrorDataSchema,
  type Reply,
  type ReplyData,
  type ReplyTo,
  type SeatOccupant,
  type ServerEvent,
  type ServerEventSchemas,
  type ServerPayload,
  type ServerToClientEvents,
  sentViewSchema,
  serverEventSchemas,
  type TableState,
  tableStateSchema,
} from './server-messages.ts';
export {
  type SentView,
  type SentViewPayload,
  toSentView,
  ViewAssembler,
  ViewAssemblyError,
  type ViewPayload,
} from './view-delta.ts';
