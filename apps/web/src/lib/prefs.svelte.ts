/** The viewer's own choices (language, four-colour suits, sound), remembered in localStorage. */
import { LOCALES, type Locale, type MessageKey, type Params, pickLocale, translate } from './i18n.ts';
import { browserStore } from './session.ts';

const LOCALE_KEY = 'kibitz.locale';
const FOUR_COLOUR_KEY = 'kibitz.fourColour';
const SOUND_KEY = 'kibitz.sound';

function initialLocale(): Locale {
  const stored = browserStore()?.getItem(LOCALE_KEY);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  return typeof navigator === 'undefined' ? 'en' : pickLocale(navigator.languages ?? [navigator.language]);
}

class Prefs {
  locale = $state<Locale>(initialLocale());
  fourColour = $state(browserStore()?.getItem(FOUR_COLOUR_KEY) === '1');
  /** A short beep when it becomes your turn: off unless the player turns it on. */
  sound = $state(browserStore()?.getItem(SOUND_KEY) === '1');

  setLocale(locale: Locale): void {
    this.locale = locale;
    browserStore()?.setItem(LOCALE_KEY, locale);
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  }

  setSound(on: boolean): void {
    this.sound = on;
    browserStore()?.setItem(SOUND_KEY, on ? '1' : '0');
  }

  setFourColour(on: boolean): void {
    this.fourColour = on;
    browserStore()?.setItem(FOUR_COLOUR_KEY, on ? '1' : '0');
  }
}

export const prefs = new Prefs();

/** A message in the viewer's language; reading prefs.locale makes templates follow a switch. */
export function t(key: MessageKey, params?: Params): string {
  return translate(prefs.locale, key, params);
}
