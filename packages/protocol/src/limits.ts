/** Sizes and rates both sides agree on; the server enforces them. */

/** Largest socket.io message the server reads (socket.io maxHttpBufferSize), in bytes. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
export const MAX_NAME_LENGTH = 40;
export const MAX_TABLE_NAME_LENGTH = 60;
export const MAX_CHAT_LENGTH = 500;
export const MAX_TOKEN_LENGTH = 400;

/** Table codes: 10 characters from an alphabet with no look-alikes (no 0/O, 1/I/L, U/V). */
export const TABLE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const TABLE_CODE_LENGTH = 10;

/** "KQ7MX3PA9R" -> "KQ7M-X3PA-9R": groups of four are easier to read aloud. */
export function formatTableCode(raw: string): string {
  return raw.match(/.{1,4}/g)?.join('-') ?? raw;
}

/** Accepts what people type: any case, spaces or dashes anywhere. Returns the formatted code, or null. */
export function normalizeTableCode(input: string): string | null {
  const raw = input.toUpperCase().replace(/[\s-]/g, '');
  if (raw.length !== TABLE_CODE_LENGTH) return null;
  for (const char of raw) if (!TABLE_CODE_ALPHABET.includes(char)) return null;
  return formatTableCode(raw);
}
