/**
 * Telling a player it is their turn when they look elsewhere: the tab title, and (only
 * when they turned it on) a short beep made with Web Audio, no sound file to load.
 */

/** The tab title: "● Your turn · Table" while it is your turn. */
export function tabTitle(base: string, yourTurn: string | null): string {
  return yourTurn === null ? base : `● ${yourTurn} · ${base}`;
}

let context: AudioContext | null = null;

/** One short, soft beep. Browsers allow audio only after a user gesture: then it just stays silent. */
export function beep(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 660;
    const start = context.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.3);
  } catch {
    // No audio device: the title still says it.
  }
}

/** Whether the player asked the system for less motion (animations then take no time). */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
