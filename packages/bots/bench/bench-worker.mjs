// @ts-check
/** A bench thread: plays one hand (hand.ts). Plain JavaScript so Node can start it; it registers tsx. */
import { register } from 'tsx/esm/api';

register();
const { playHand } = await import('./hand.ts');

export default playHand;
