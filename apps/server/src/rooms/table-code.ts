/** Table codes: random, about 48.6 bits, and easy to read aloud ("KQ7M-X3PA-9R"). */
import { randomInt } from 'node:crypto';
import { formatTableCode, TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH } from '@kibitz/protocol';

export function newTableCode(): string {
  let raw = '';
  for (let i = 0; i < TABLE_CODE_LENGTH; i++)
    raw += TABLE_CODE_ALPHABET[randomInt(TABLE_CODE_ALPHABET.length)];
  return formatTableCode(raw);
}
