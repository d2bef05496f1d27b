/** What a table operation answers: done (with data), or refused with a code and a reason. */
import type { RefusalCode } from '@kibitz/protocol';

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
}

export type Outcome<T extends object = object> = ({ ok: true } & T) | Refusal;

export function refuse(code: RefusalCode, message: string): Refusal {
  return { ok: false, code, message };
}

export const done: { ok: true } = Object.freeze({ ok: true });
