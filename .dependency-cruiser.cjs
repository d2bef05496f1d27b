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
];

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
      to: { path: '^packages/rules/src/(bridge/)?(engine|view)\\.ts$', reachable: true },
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
      name: 'web-imports-protocol-and-rules',
      severity: 'error',
      comment:
        'The web client talks to the server over the protocol only: it never imports the server or the bots.',
      from: { path: '^apps/web/', pathNot: TEST_CODE },
      to: { path: '^(apps/(?!web/)|packages/(?!(protocol|rules)/))' },
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
