/** What the bot players need of the server's logger (pino's shape; rooms/context.ts's Log fits). */
export interface BotLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
