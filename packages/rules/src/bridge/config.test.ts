import { describe, expect, it } from 'vitest';
import { defaultBridgeConfig, parseBridgeConfig } from './config.ts';

describe('Bridge house rules', () => {
  it("defaults to the sheet's rules: four players, standard values, full rubber", () => {
    expect(defaultBridgeConfig()).toEqual({
      game: 'auction-bridge',
      players: 4,
      royalAuction: false,
      royalNoTrumpValue: 12,
      nullo: false,
      nulloTrickValue: 10,
      handLimit: null,
      fourHonours: 'ace-king-queen-jack',
      paced: false,
    });
  });

  it('offers every variation of the sheet', () => {
    const result = parseBridgeConfig({
      game: 'auction-bridge',
      players: 3,
      royalAuction: true,
      nullo: true,
      handLimit: 4,
    });
    expect(result).toMatchObject({
      ok: true,
      config: { players: 3, royalAuction: true, nullo: true, handLimit: 4 },
    });
  });

  it('refuses bad and unknown options by name', () => {
    expect(parseBridgeConfig({ game: 'auction-bridge', players: 5 })).toMatchObject({
      ok: false,
      errors: [{ option: 'players' }],
    });
    expect(parseBridgeConfig({ game: 'auction-bridge', handLimit: 0 })).toMatchObject({
      ok: false,
      errors: [{ option: 'handLimit' }],
    });
    expect(parseBridgeConfig({ game: 'auction-bridge', trumpNeedsMarriage: true })).toMatchObject({
      ok: false,
      errors: [{ option: 'trumpNeedsMarriage' }],
    });
    expect(parseBridgeConfig({ game: 'double-deck' })).toMatchObject({
      ok: false,
      errors: [{ option: 'game' }],
    });
    expect(parseBridgeConfig(null)).toMatchObject({ ok: false });
  });
});
