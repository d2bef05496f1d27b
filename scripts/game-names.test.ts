/** The game-name count: which files count, which spellings name a game, and what it reports. */
import { describe, expect, it } from 'vitest';
import { counts, filesNamingAGame, gameFolders, gameNamePattern, gameNames } from './game-names.ts';

const FOLDERS = ['pinochle', 'bridge'];

describe('check:game-names', () => {
  it('finds the games from the rules folders that hold a module, and their ids from the catalogue', () => {
    expect(
      gameFolders(['packages/rules/src/bridge/module.ts', 'packages/rules/src/common/types.ts']),
    ).toEqual(['bridge']);
    expect(gameNames(FOLDERS)).toEqual(
      expect.arrayContaining(['pinochle', 'auction-bridge', 'auction-west', 'cutthroat', 'double-deck']),
    );
  });

  it('names a game in any spelling, and nothing else', () => {
    const pattern = gameNamePattern(gameNames(FOLDERS));
    for (const text of [
      'DoubleDeck',
      'double_deck',
      'Double Deck',
      'AUCTION_WEST',
      "'cutthroat'",
      'BridgeCard',
    ])
      expect(text).toMatch(pattern);
    for (const text of ['a deck of cards', 'the auction', 'west seat', 'trump'])
      expect(text).not.toMatch(pattern);
  });

  it('counts production files only, outside the game folders and the registries', () => {
    const counted = [
      'apps/web/src/lib/i18n.ts',
      'apps/server/src/http/game-records.ts',
      'packages/protocol/src/index.ts',
      'apps/web/src/pages/TablePage.svelte',
    ];
    const skipped = [
      'apps/web/src/lib/i18n.test.ts',
      'apps/web/src/games/bridge/table-ui.ts',
      'packages/protocol/src/games/pinochle/index.ts',
      'packages/bots/src/pinochle/demo.ts',
      'packages/bots/src/registry.ts',
      'apps/server/bench/run.ts',
      'apps/server/testing/clients.ts',
      'apps/server/src/db/test-support.ts',
      'apps/server/cluster/game-logs.ts',
      'apps/web/e2e/replay.e2e.test.ts',
      'packages/rules/README.md',
    ];
    for (const file of counted) expect(counts(file, FOLDERS), file).toBe(true);
    for (const file of skipped) expect(counts(file, FOLDERS), file).toBe(false);
  });

  it('reports each counted file that names a game with its first naming line', () => {
    const files: Record<string, string> = {
      'packages/rules/src/pinochle/module.ts': 'export const pinochle = {};',
      'packages/rules/src/bridge/module.ts': 'export const auctionBridge = {};',
      'apps/web/src/lib/words.ts': "const a = 1;\nconst title = 'Double Deck';\n",
      'apps/web/src/lib/plain.ts': 'export const seat = 0;\n',
      'apps/web/src/lib/plain.test.ts': "it('plays cutthroat')",
    };
    expect(filesNamingAGame(Object.keys(files), (file) => files[file]!)).toEqual([
      { file: 'apps/web/src/lib/words.ts', line: 2, text: "const title = 'Double Deck';" },
    ]);
  });
});
