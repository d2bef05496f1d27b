/** The Bridge table's messages in the viewer's language (reading prefs.locale keeps templates live). */

import type { Params } from '../../lib/i18n.ts';
import { prefs } from '../../lib/prefs.svelte.ts';
import { type BridgeMessageKey, translateBridge } from './i18n.ts';

export function bt(key: BridgeMessageKey, params?: Params): string {
  return translateBridge(prefs.locale, key, params);
}
