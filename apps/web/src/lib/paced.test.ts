import { describe, expect, it } from 'vitest';
import { tabTitle } from './alerts.ts';
import { paceSettings } from './paced.ts';

describe('the table settings as the page reads them', () => {
  it("reads the table's pacing settings with the contract's defaults", () => {
    expect(paceSettings(null)).toEqual({
      pace: 'normal',
      trickPauseMs: 1200,
      handEndSeconds: 10,
      playAids: true,
      botStandIn: false,
      spectatorChat: true,
    });
  });

  it('says "your turn" in the tab title only on your turn', () => {
    expect(tabTitle('Ann’s table · Kibitz', null)).toBe('Ann’s table · Kibitz');
    expect(tabTitle('Ann’s table · Kibitz', 'Your turn')).toBe('● Your turn · Ann’s table · Kibitz');
  });
});
