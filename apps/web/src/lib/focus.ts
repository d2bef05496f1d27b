/**
 * Keyboard focus at the table: after each step it goes to the control a keyboard player
 * needs next, unless they are busy elsewhere (typing in chat, a form, a dialog).
 */

/** Is focus nowhere in particular (the page, a removed control) or in the hand, prompt or result? */
export function focusIsFree(): boolean {
  const active = document.activeElement;
  return (
    active === null ||
    active === document.body ||
    !active.isConnected ||
    active.closest('[data-zone="hand"], [data-zone="prompt-slot"], [data-zone="hand-result"]') !== null
  );
}

/** Is focus lost: on the page itself, or on a control that has just been removed? */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * What a prompt needs: the hand (cards to play or choose), the dummy (another hand on the
 * felt the viewer plays from), Continue, or the prompt's first button.
 */
export type FocusTarget = 'hand' | 'dummy' | 'continue' | 'prompt';

const FOCUS_SELECTORS: Record<FocusTarget, string> = {
  hand: '[data-zone="hand"] button[tabindex="0"]',
  dummy: '[data-zone="dummy"] button[tabindex="0"]',
  continue: '[data-action="continue"]',
  prompt: '[data-zone="prompt-slot"] button:not([disabled])',
};

export function focusTo(target: FocusTarget, onlyIfLost = false): void {
  if (onlyIfLost ? !focusIsLost() : !focusIsFree()) return;
  const element = document.querySelector<HTMLElement>(FOCUS_SELECTORS[target]);
  if (element && element !== document.activeElement) element.focus();
}

/** After a seat is filled: on to the next empty seat's "Add a bot", or to Start once all are. */
export async function focusAfterBot(seat: number): Promise<void> {
  for (let frame = 0; frame < 60; frame++) {
    await new Promise((done) => requestAnimationFrame(done));
    if (!document.querySelector(`[data-bot-seat="${seat}"]`)) break;
  }
  const next =
    document.querySelector<HTMLElement>('[data-action="add-bot"]') ??
    document.querySelector<HTMLElement>('[data-action="start-game"]:not([disabled])');
  next?.focus();
}

/**
 * A roving Tab stop (the hand, the dummy): where an arrow key, Home or End moves from
 * `index` among `count` cards, or null for any other key.
 */
export function rovingTarget(key: string, index: number, count: number): number | null {
  const last = count - 1;
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(last, index + 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}
