/** The Bridge table's messages in the viewer's language (reading prefs.locale keeps templates live). */
import { type BridgeMessageKey, translateBridge } from './bridge-i18n.ts';
import type { Params } from './i18n.ts';
import { prefs } from './prefs.svelte.ts';

export function bt(key: BridgeMessageKey, params?: Params): string {
  return translateBridge(prefs.locale, key, params);
}
