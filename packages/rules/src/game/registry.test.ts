import { describe, expect, it } from 'vitest';
import { applyBridge, legalBridgeActions } from '../bridge/engine.ts';
import { auctionBridge } from '../bridge/module.ts';
import { partnersOf, sideOfSeat } from '../common/table.ts';
import { defaultConfig } from '../pinochle/config.ts';
import { apply, legalActions } from '../pinochle/engine.ts';
import { counterValue, pinochle, pointScale, trumpNeedsMarriage } from '../pinochle/module.ts';
import { allForms, GAMES, gameById, gameIdOf, parseGameConfig } from './registry.ts';

describe('the registry', () => {
  it('maps each game id to its module, and nothing else', () => {
    expect(GAMES.map((game) => game.id)).toEqual(['pinochle', 'auction-bridge']);
    expect(gameById('pinochle')).toBe(pinochle);
    expect(gameById('auction-bridge')).toBe(auctionBridge);
    expect(gameById('skat')).toBeNull();
  });

  it("hands out each engine's own functions: the seam adds no call on the hot path", () => {
    expect(pinochle.apply).toBe(apply);
    expect(pinochle.legalActions).toBe(legalActions);
    expect(auctionBridge.apply).toBe(applyBridge);
    expect(auctionBridge.legalActions).toBe(legalBridgeActions);
  });

  it('reads the game from a config: `game` when present, else a Pinochle `variant` (configs stored before Bridge)', () => {
    expect(gameIdOf({ variant: 'cutthroat' })).toBe('pinochle');
    expect(gameIdOf(defaultConfig('double-deck'))).toBe('pinochle');
    expect(gameIdOf({ game: 'auction-bridge', players: 3 })).toBe('auction-bridge');
    expect(gameIdOf({ game: 7 })).toBeNull();
    expect(gameIdOf(null)).toBeNull();
    expect(gameIdOf({})).toBeNull();
  });

  it('validates a config with the schema of the game it names, and refuses an unknown game by name', () => {
    const bridge = parseGameConfig({ game: 'auction-bridge', players: 3 });
    expect(bridge.ok && bridge.game).toBe(auctionBridge);
    expect(bridge.ok && bridge.config).toEqual(auctionBridge.defaultConfig('auction-bridge-3'));
    const pinochleConfig = parseGameConfig({ variant: 'auction-west', minimumBid: 300 });
    expect(pinochleConfig.ok && pinochleConfig.game).toBe(pinochle);
    expect(parseGameConfig({ game: 'skat' })).toEqual({
      ok: false,
      errors: [{ option: 'game', message: 'Unknown game "skat"; games: pinochle, auction-bridge' }],
    });
    const wrong = parseGameConfig({ game: 'auction-bridge', players: 5 });
    expect(wrong.ok ? [] : wrong.errors.map((error) => error.option)).toEqual(['players']);
    expect(parseGameConfig('double-deck').ok).toBe(false);
  });

  it('lists every form of every game, each with its default config, seat count and form', () => {
    const forms = allForms().map(({ game, form }) => ({
      game: game.id,
      form: form.id,
      seats: form.seatCount,
    }));
    expect(forms).toEqual([
      { game: 'pinochle', form: 'auction-west', seats: 3 },
      { game: 'pinochle', form: 'cutthroat', seats: 3 },
      { game: 'pinochle', form: 'double-deck', seats: 4 },
      { game: 'auction-bridge', form: 'auction-bridge', seats: 4 },
      { game: 'auction-bridge', form: 'auction-bridge-3', seats: 3 },
    ]);
    for (const { game, form } of allForms()) {
      const config = game.defaultConfig(form.id);
      expect(game.parseConfig(form.input)).toEqual({ ok: true, config });
      expect(game.formOf(config)).toBe(form);
      expect(game.table(config).seatCount).toBe(form.seatCount);
    }
    expect(() => pinochle.defaultConfig('auction-bridge')).toThrow(/unknown Pinochle form/);
    expect(() => auctionBridge.defaultConfig('cutthroat')).toThrow(/unknown Bridge form/);
  });
});

describe('table shapes', () => {
  it('double deck: "Es ist ein Spiel für vier Spieler; die Spielpartner sitzen einander gegenüber." [004]', () => {
    expect(pinochle.table(defaultConfig('double-deck'))).toEqual({
      seatCount: 4,
      sides: [
        [0, 2],
        [1, 3],
      ],
      partnerships: true,
    });
  });

  it('three-handed: "Pinochle zu dritt ... ist ein Stichspiel, bei dem jeder für sich spielt." [003]', () => {
    for (const variant of ['auction-west', 'cutthroat'] as const) {
      expect(pinochle.table(defaultConfig(variant))).toEqual({
        seatCount: 3,
        sides: [[0], [1], [2]],
        partnerships: false,
      });
    }
  });

  it('Bridge: "Genau 4 Personen in 2 festen Partnerschaften, wobei die Partner einander gegenüber sitzen." [002]', () => {
    expect(auctionBridge.table(auctionBridge.defaultConfig())).toEqual({
      seatCount: 4,
      sides: [
        [0, 2],
        [1, 3],
      ],
      partnerships: true,
    });
  });

  it('Bridge for three: "Auction-Bridge zu dritt: wird mit einem ausgeteilten Blind-Blatt gespielt" [002]: three players, each an account', () => {
    expect(auctionBridge.table(auctionBridge.defaultConfig('auction-bridge-3'))).toEqual({
      seatCount: 3,
      sides: [[0], [1], [2]],
      partnerships: false,
    });
  });

  it('a new game state agrees with its table shape', () => {
    for (const { game, form } of allForms()) {
      const config = game.defaultConfig(form.id);
      const state = game.create(config, 'shape');
      const shape = game.table(config);
      expect(game.view(state, 'spectator')).toMatchObject(
        game.id === 'pinochle'
          ? { seatCount: shape.seatCount, sideCount: shape.sides.length }
          : { playerCount: shape.seatCount, accountCount: shape.sides.length },
      );
      expect(game.phases).toContain(game.phase(state));
    }
  });

  it('shows three-handed scores divided by ten only under that house rule', () => {
    expect(pointScale(defaultConfig('cutthroat'))).toBe(1);
    const divided = pinochle.parseConfig({ variant: 'cutthroat', scoresDividedBy10: true });
    expect(divided.ok && pointScale(divided.config)).toBe(10);
    expect(pointScale(defaultConfig('double-deck'))).toBe(1);
  });

  it('names partners from the sides: the seat opposite in a partnership, nobody when each plays alone', () => {
    const doubleDeck = pinochle.table(defaultConfig('double-deck'));
    expect([0, 1, 2, 3].map((seat) => partnersOf(doubleDeck, seat))).toEqual([[2], [3], [0], [1]]);
    expect([0, 1, 2, 3].map((seat) => sideOfSeat(doubleDeck, seat))).toEqual([0, 1, 0, 1]);
    const threeBridge = auctionBridge.table(auctionBridge.defaultConfig('auction-bridge-3'));
    expect([0, 1, 2].map((seat) => partnersOf(threeBridge, seat))).toEqual([[], [], []]);
  });

  it('"Die Vollen oder Zählkarten A, 10, K, die jeweils 10 Augen haben" [000]; "Ass, 10 und König zählen je einen Punkt" [004]', () => {
    expect(counterValue(defaultConfig('auction-west'))).toBe(10);
    expect(counterValue(defaultConfig('double-deck'))).toBe(1);
    const timesTen = pinochle.parseConfig({ variant: 'double-deck', timesTen: true });
    expect(timesTen.ok && counterValue(timesTen.config)).toBe(10);
  });

  it('asks for a marriage in trump only where the rules do', () => {
    expect(trumpNeedsMarriage(defaultConfig('cutthroat'))).toBe(false);
    expect(trumpNeedsMarriage(defaultConfig('double-deck'))).toBe(true);
    const free = pinochle.parseConfig({ variant: 'double-deck', trumpNeedsMarriage: 'not-required' });
    expect(free.ok && trumpNeedsMarriage(free.config)).toBe(false);
  });
});
