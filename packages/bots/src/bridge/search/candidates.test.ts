/** The search tries one card of each run of touching cards: they play alike. */
import { expect, it } from 'vitest';
import { act, bid, bridgeConfig, dealt, fill, pass, viewToAct } from '../test-support.ts';
import { distinctCandidates } from './search.ts';

it('touching cards (nothing between them outside the hand) count once; the rule card stands for its run', () => {
  const hands = fill(['', 'AH KH QH 9H 2H AD 3D 5C 7C 9C JC KC 4S', '', '']);
  const state = act(dealt(bridgeConfig(), 0, hands), [bid(1, 'S'), pass, pass, pass]);
  const view = viewToAct(state);
  if (view.prompt?.kind !== 'play') throw new Error('the opening leader should be asked to play');
  const candidates = distinctCandidates(view, view.prompt, 'KH');
  // A K Q of hearts are one run, led by the rule card; 9 and 2 of hearts, A and 3 of
  // diamonds, each club (6 8 10 Q lie between them, unseen) and the spade stand alone.
  expect(candidates[0]).toBe('KH');
  expect(candidates).not.toContain('AH');
  expect(candidates).not.toContain('QH');
  expect([...candidates].sort()).toEqual(
    ['2H', '3D', '4S', '5C', '7C', '9C', '9H', 'AD', 'JC', 'KC', 'KH'].sort(),
  );
});
