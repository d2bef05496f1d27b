/**
 * Cards that travel on the felt, any game's: from the seat that played them to the trick,
 * and from the trick to the seat that took it. The distance is measured on the page (the
 * seat's box against the card's), so a card comes from where its player sits at any size.
 * With prefers-reduced-motion the transitions take no time.
 */
import { cubicOut } from 'svelte/easing';
import type { TransitionConfig } from 'svelte/transition';
import { reducedMotion } from './alerts.ts';

/** How far `seat`'s box lies from `node` (centre to centre), or null when it is not on the page. */
function offsetTo(node: Element, seat: Element | null): { x: number; y: number } | null {
  if (seat === null) return null;
  const from = seat.getBoundingClientRect();
  const to = node.getBoundingClientRect();
  return {
    x: from.left + from.width / 2 - (to.left + to.width / 2),
    y: from.top + from.height / 2 - (to.top + to.height / 2),
  };
}

/**
 * A card flying between `node` and the seat found by `seatSelector` (inside the felt): in
 * from it, or out to it. `fallback` is used when the seat is not on the page.
 */
export function travel(
  node: Element,
  seatSelector: string,
  duration: number,
  fallback: { x: number; y: number },
  fade = 0.2,
): TransitionConfig {
  const felt = node.closest('[data-zone="felt"]');
  const offset = offsetTo(node, felt?.querySelector(seatSelector) ?? null) ?? fallback;
  const style = getComputedStyle(node);
  const base = style.transform === 'none' ? '' : style.transform;
  return {
    duration: reducedMotion() ? 0 : duration,
    easing: cubicOut,
    // t goes 0 -> 1 on the way in, 1 -> 0 on the way out: the card is at the seat at t = 0.
    css: (t, u) =>
      `transform: ${base} translate(${u * offset.x}px, ${u * offset.y}px); opacity: ${fade + (1 - fade) * t}`,
  };
}
