/** Typed refusals: applyBridge never throws on bad input, it says what is wrong. */
export type BridgeRejectionCode =
  | 'game-over'
  | 'not-a-seat'
  | 'not-your-turn'
  | 'wrong-phase'
  | 'malformed-action'
  | 'bid-too-low'
  | 'cannot-double'
  | 'cannot-redouble'
  | 'card-not-in-hand'
  | 'must-follow-suit';

export interface BridgeRejection {
  code: BridgeRejectionCode;
  message: string;
}

export function bridgeReject(
  code: BridgeRejectionCode,
  message: string,
): { ok: false; rejection: BridgeRejection } {
  return { ok: false, rejection: { code, message } };
}
