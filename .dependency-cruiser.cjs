/**
 * The import rules `pnpm lint` enforces (dependency-cruiser), from
 * shared/docs/architecture.md: "web -> protocol (-> rules), server -> protocol, rules,
 * bots; bots -> rules. Nothing imports apps/*. rules imports nothing of ours." And no
 * import cycles: a cycle makes the load order decide what a module sees, and a module in
 * one cannot be understood (or tested) without the others.
 *
 * The layer rules hold for production code; tests may reach further (a protocol test
 * plays whole games with the bots). The cycle rule holds everywhere.
 *
 * Run it alone: `pnpm exec depcruise --config .dependency-cruiser.cjs packages apps`.
 */

/** Test code: files of tests, their helpers and fixtures, benchmarks, browser tests. */
const TEST_CODE = [
  '\\.test\\.ts$',
  '/test-support\\.ts$',
  '/testing/',
  '/bench/',
  '^apps/[^/]+/e2e/',
  '^packages/[^/]+/bench/',
  // The cluster harness: starts nodes and a proxy for the cluster test, the capacity bench
  // and `pnpm cluster:up`.
  '^apps/server/cluster/',
];

/**
 * Tooling that still sits in a product folder, to move out in turn: Bridge's duplicate
 * match of two bot levels (a bench run from the search's folder), and Bridge's screenshot
 * preview of the web table (`pnpm shots:bridge`).
 */
const TOOLING_IN_SRC = [
  '^packages/bots/src/bridge/search/(run-)?duplicate\\.ts$',
  '^apps/web/src/games/[^/]+/preview/',
];

/**
 * The games: each has one folder per package (packages/rules/src/<game>/,
 * packages/protocol/src/games/<game>/, packages/bots/src/<game>/). A new game adds its
 * folder name here, so its folders are kept apart from the others' like these.
 */
const GAME_FOLDERS = ['pinochle', 'bridge'];
const GAME_FOLDER = `^packages/[^/]+/src/(?:games/)?(${GAME_FOLDERS.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle. Break it: move what both sides need into a module of its own.',
      from: { pathNot: '\\.svelte$' },
      to: { circular: true },
    },
    {
      name: 'no-circular-components',
      severity: 'error',
      comment:
        'A Svelte component may render itself (RuleField renders nested fields): any other cycle through one fails.',
      from: { path: '^(.+\\.svelte)$' },
      to: { circular: true, pathNot: '^$1$' },
    },
    {
      name: 'catalogue-without-engines',
      severity: 'error',
      comment:
        "The rules' catalogue (game/catalogue.ts) is what the web's lobby loads: names, forms and configs. It must not reach a game's engine, or every first visit downloads every game.",
      from: { path: '^packages/rules/src/game/catalogue\\.ts$' },
      to: { path: '^packages/rules/src/[^/]+/(engine|view)\\.ts$', reachable: true },
    },
    {
      name: 'rules-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/rules is the pure game engine: it imports none of our other packages or apps.',
      from: { path: '^packages/rules/', pathNot: TEST_CODE },
      to: { path: '^(packages/(?!rules/)|apps/)' },
    },
    {
      name: 'protocol-imports-only-rules',
      severity: 'error',
      comment:
        'packages/protocol describes the wire: it may use the rules (types, views), nothing else of ours.',
      from: { path: '^packages/protocol/', pathNot: TEST_CODE },
      to: { path: '^(packages/(?!(protocol|rules)/)|apps/)' },
    },
    {
      name: 'bots-import-only-rules',
      severity: 'error',
      comment: 'packages/bots play from the rules alone: never the server, the protocol or the web.',
      from: { path: '^packages/bots/', pathNot: TEST_CODE },
      to: { path: '^(packages/(?!(bots|rules)/)|apps/)' },
    },
    {
      name: 'bots-never-import-server',
      severity: 'error',
      comment:
        'No code of packages/bots (tests and benches included) imports the server: bots play from the rules alone, and the server asks them through the registry.',
      from: { path: '^packages/bots/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'game-folders-apart',
      severity: 'error',
      comment:
        "A game's folder imports no other game's folder, in any package (its own game's folders in other packages are fine): what two games share goes to a common/ folder, what tells them apart to a registry.",
      from: { path: GAME_FOLDER },
      to: { path: GAME_FOLDER, pathNot: '^packages/[^/]+/src/(?:games/)?$1/' },
    },
    {
      name: 'web-imports-protocol-and-rules',
      severity: 'error',
      comment:
        'The web client talks to the server over the protocol only: it never imports the server or the bots.',
      from: { path: '^apps/web/', pathNot: TEST_CODE },
      to: { path: '^(apps/(?!web/)|packages/(?!(protocol|rules)/))' },
    },
    {
      name: 'table-core-is-pure',
      severity: 'error',
      comment:
        "The server's table core is (state, command) -> (state, effects): it reaches no store, socket or HTTP (and biome.json forbids it Node's built-in modules). The shell in rooms/ carries its effects out.",
      from: { path: '^apps/server/src/table-core/', pathNot: TEST_CODE },
      to: {
        path: '^apps/server/src/(rooms|db|transport|http|shared-state|metrics|identity|bots)/',
      },
    },
    {
      name: 'product-code-imports-no-tooling',
      severity: 'error',
      comment:
        "Product code (a package's or app's src/, what ships) imports no test or bench code and no cluster harness: those live beside it (apps/server/bench/, apps/server/testing/, apps/server/cluster/) and may import it, never the other way round.",
      from: { path: '^(packages|apps)/[^/]+/src/', pathNot: [...TEST_CODE, ...TOOLING_IN_SRC] },
      to: { path: [...TEST_CODE, ...TOOLING_IN_SRC] },
    },
    {
      name: 'nothing-imports-apps',
      severity: 'error',
      comment: 'An app is an end point: no package imports one, and no app imports another.',
      from: { path: '^(packages|apps)/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$2/' },
    },
  ],
  options: {
    includeOnly: '^(packages|apps)/',
    exclude: {
      path: [
        '/node_modules/',
        '/dist/',
        '^apps/server/src/db/generated/',
        '^apps/server/src/db/generated-sqlite/',
      ],
    },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'node'],
      extensions: ['.ts', '.js', '.mjs', '.svelte', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
