/** The viewer's own choices (language, four-colour suits, sound, a host's pace), remembered in localStorage. */

import { PACES, type Pace } from '@kibitz/protocol';
import { playSound, type Sound } from './alerts.ts';
import { LOCALES, type Locale, type MessageKey, type Params, pickLocale, translate } from './i18n.ts';
import { browserStore } from './session.ts';

const LOCALE_KEY = 'kibitz.locale';
const FOUR_COLOUR_KEY = 'kibitz.fourColour';
const SOUND_KEY = 'kibitz.sound';
const VOLUME_KEY = 'kibitz.volume';
const PACE_KEY = 'kibitz.pace';

function storedPace(): Pace {
  const stored = browserStore()?.getItem(PACE_KEY);
  return (PACES as readonly (string | null | undefined)[]).includes(stored) ? (stored as Pace) : 'normal';
}

function storedVolume(): number {
  const value = Number(browserStore()?.getItem(VOLUME_KEY) ?? NaN);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0.6;
}

function initialLocale(): Locale {
  const stored = browserStore()?.getItem(LOCALE_KEY);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  return typeof navigator === 'undefined' ? 'en' : pickLocale(navigator.languages ?? [navigator.language]);
}

class Prefs {
  locale = $state<Locale>(initialLocale());
  fourColour = $state(browserStore()?.getItem(FOUR_COLOUR_KEY) === '1');
  /** The table's sounds (a card played, a trick taken, your turn): off unless the player turns them on. */
  sound = $state(browserStore()?.getItem(SOUND_KEY) === '1');
  /** Their volume, 0..1. */
  volume = $state(storedVolume());
  /** The pace this player last chose as a host: the pace of the next table they open. */
  pace = $state<Pace>(storedPace());

  setLocale(locale: Locale): void {
    this.locale = locale;
    browserStore()?.setItem(LOCALE_KEY, locale);
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  }

  setSound(on: boolean): void {
    this.sound = on;
    browserStore()?.setItem(SOUND_KEY, on ? '1' : '0');
  }

  setVolume(volume: number): void {
    this.volume = Math.min(1, Math.max(0, volume));
    browserStore()?.setItem(VOLUME_KEY, String(this.volume));
  }

  setPace(pace: Pace): void {
    this.pace = pace;
    browserStore()?.setItem(PACE_KEY, pace);
  }

  setFourColour(on: boolean): void {
    this.fourColour = on;
    browserStore()?.setItem(FOUR_COLOUR_KEY, on ? '1' : '0');
  }
}

export const prefs = new Prefs();

/** One of the table's sounds, when the player turned them on, at their volume. */
export function tableSound(sound: Sound): void {
  if (prefs.sound) playSound(sound, prefs.volume);
}

/** A message in the viewer's language; reading prefs.locale makes templates follow a switch. */
export function t(key: MessageKey, params?: Params): string {
  return translate(prefs.locale, key, params);
}
