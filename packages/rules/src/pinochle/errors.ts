/** Typed refusals: `apply` never throws on bad input, it says what is wrong. */
export type RejectionCode =
  | 'game-over'
  | 'not-a-seat'
  | 'not-your-turn'
  | 'wrong-phase'
  | 'malformed-action'
  | 'bid-too-low'
  | 'bid-not-allowed'
  | 'cannot-pass'
  | 'card-not-in-hand'
  | 'illegal-card'
  | 'wrong-card-count'
  | 'trump-needs-marriage'
  | 'cannot-concede'
  | 'cannot-call-redeal'
  | 'must-pass-requested-suit';

export interface Rejection {
  code: RejectionCode;
  message: string;
}

export function reject(code: RejectionCode, message: string): { ok: false; rejection: Rejection } {
  return { ok: false, rejection: { code, message } };
}
