/**
 * Telling a player what happens when they look elsewhere: the tab title, and (when they
 * turned sounds on) the table's sounds made with Web Audio, no sound file to load.
 */

/** The tab title: "● Your turn · Table" while it is your turn. */
export function tabTitle(base: string, yourTurn: string | null): string {
  return yourTurn === null ? base : `● ${yourTurn} · ${base}`;
}

let context: AudioContext | null = null;

export type Sound = 'card' | 'trick' | 'turn';

/**
 * The table's sounds, made with Web Audio at run time (no file to load, nothing for the
 * CSP to allow): a card laid down (a short filtered noise, the snap of card on cloth), a
 * trick taken (a softer, longer sweep of noise), your turn (two soft tones). `volume` is
 * 0..1. Browsers allow audio only after a user gesture: until then it just stays silent.
 */
export function playSound(sound: Sound, volume: number): void {
  if (typeof AudioContext === 'undefined' || volume <= 0) return;
  try {
    context ??= new AudioContext();
    const audio = context;
    const start = audio.currentTime;
    const level = Math.min(1, volume);
    if (sound === 'turn') {
      for (const [offset, frequency] of [
        [0, 660],
        [0.13, 880],
      ] as const) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.18 * level, start + offset + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.22);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(start + offset);
        oscillator.stop(start + offset + 0.25);
      }
      return;
    }
    const seconds = sound === 'card' ? 0.07 : 0.32;
    const buffer = audio.createBuffer(1, Math.ceil(audio.sampleRate * seconds), audio.sampleRate);
    const samples = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) {
      // Noise that dies away: fast for the snap, slow for the sweep.
      const fade = 1 - i / samples.length;
      samples[i] = (Math.random() * 2 - 1) * fade ** (sound === 'card' ? 3 : 1.5);
    }
    const source = audio.createBufferSource();
    source.buffer = buffer;
    const filter = audio.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = sound === 'card' ? 2400 : 900;
    filter.Q.value = sound === 'card' ? 0.9 : 0.6;
    const gain = audio.createGain();
    gain.gain.value = (sound === 'card' ? 0.9 : 0.5) * level;
    source.connect(filter).connect(gain).connect(audio.destination);
    source.start(start);
  } catch {
    // No audio device: the table still shows everything.
  }
}

/** One short, soft beep (your turn), at full volume. */
export function beep(): void {
  playSound('turn', 1);
}

/** Whether the player asked the system for less motion (animations then take no time). */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
