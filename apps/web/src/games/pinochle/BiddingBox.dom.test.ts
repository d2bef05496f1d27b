import { defaultConfig, parseConfig } from '@kibitz/rules/pinochle';
import { describe, expect, it, vi } from 'vitest';
import { buttonNames, render } from '../../components/mount.ts';
import BiddingBox from './BiddingBox.svelte';

describe('BiddingBox', () => {
  it('offers exactly the bids of the prompt, and pass', () => {
    const onAct = vi.fn();
    const bids = [300, 310, 320, 330, 340, 350];
    const root = render(BiddingBox, {
      prompt: { kind: 'bid', bids, canPass: true, canCallRedeal: false },
      config: defaultConfig('cutthroat'),
      onAct,
    });
    const options = [...root.querySelectorAll('option')].map((option) => Number(option.value));
    expect(options).toEqual(bids);
    // Pass, the quick bids, then the chosen amount's button: one short row beside the hand.
    expect(buttonNames(root)).toEqual(['Pass', 'Bid 300', 'Bid 310', 'Bid 320', 'Bid 300']);
    (root.querySelector('[data-bid="310"]') as HTMLButtonElement).click();
    expect(onAct).toHaveBeenCalledWith({ type: 'bid', amount: 310 });
    (root.querySelector('[data-action="pass"]') as HTMLButtonElement).click();
    expect(onAct).toHaveBeenLastCalledWith({ type: 'pass' });
  });

  it('shows values divided by ten when the house rule says so, but bids the real amount', () => {
    const parsed = parseConfig({ variant: 'cutthroat', scoresDividedBy10: true });
    if (!parsed.ok) throw new Error('config');
    const onAct = vi.fn();
    const root = render(BiddingBox, {
      prompt: { kind: 'bid', bids: [250], canPass: false, canCallRedeal: true },
      config: parsed.config,
      onAct,
    });
    expect(buttonNames(root)).toEqual(['Bid 25', 'Call a redeal']);
    (root.querySelector('[data-bid="250"]') as HTMLButtonElement).click();
    expect(onAct).toHaveBeenCalledWith({ type: 'bid', amount: 250 });
  });
});
