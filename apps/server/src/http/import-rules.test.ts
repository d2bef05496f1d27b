/**
 * The import rules `pnpm lint` enforces (.dependency-cruiser.cjs at the repository's
 * root), run through dependency-cruiser's API on tiny trees of files laid out like the
 * repository: each broken rule is caught, by name, and the two cycles issue 12 found
 * cannot come back. (It lives here with the rest of the server's plumbing
 * because the root vitest projects take tests from packages/*\/src and apps/*\/src.)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CONFIG = fileURLToPath(new URL('../../../../.dependency-cruiser.cjs', import.meta.url));

/** A tree of files: path -> the paths (same tree) it imports. */
type Tree = Record<string, string[]>;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'kibitz-import-rules-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let trees = 0;
/** Writes the tree, cruises it with the repository's rules, returns "rule: from -> to" per violation. */
async function violations(tree: Tree): Promise<string[]> {
  const root = join(scratch, `tree-${++trees}`);
  for (const [file, imports] of Object.entries(tree)) {
    const lines = imports.map((target, index) => {
      let specifier = relativeSpecifier(file, target);
      if (!specifier.startsWith('.')) specifier = `./${specifier}`;
      return file.endsWith('.svelte')
        ? `import Part${index} from '${specifier}';`
        : `import * as part${index} from '${specifier}';\nexport const use${index} = part${index};`;
    });
    const source = file.endsWith('.svelte')
      ? `<script lang="ts">\n${lines.join('\n')}\n</script>\n<p>part</p>\n`
      : `${lines.join('\n')}\nexport const name = '${file}';\n`;
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), source);
  }
  const { tsConfig: _fromTheRepository, ...options } = await extractDepcruiseOptions(CONFIG);
  // The rules name paths relative to where the cruise runs, as `pnpm lint` runs from the root.
  const tops = [...new Set(Object.keys(tree).map((file) => file.split('/')[0]!))];
  const output = await cruise(tops, { ...options, baseDir: root, cache: false });
  const result = output.output as ICruiseResult;
  expect(result.summary.totalCruised).toBe(Object.keys(tree).length);
  return result.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
  );
}

function relativeSpecifier(from: string, to: string): string {
  const fromParts = dirname(from).split('/');
  const toParts = to.split('/');
  let common = 0;
  while (common < fromParts.length && fromParts[common] === toParts[common]) common++;
  return [...fromParts.slice(common).map(() => '..'), ...toParts.slice(common)].join('/');
}

const rules = (...names: string[]) => names.map((name) => `packages/rules/src/${name}.ts`);

describe('the import rules of pnpm lint', () => {
  it('pass the layers as the architecture draws them', async () => {
    expect(
      await violations({
        'packages/rules/src/index.ts': rules('cards'),
        'packages/rules/src/cards.ts': [],
        'packages/protocol/src/index.ts': ['packages/rules/src/index.ts'],
        'packages/bots/src/index.ts': ['packages/rules/src/index.ts'],
        'apps/server/src/app.ts': [
          'packages/protocol/src/index.ts',
          'packages/rules/src/index.ts',
          'packages/bots/src/index.ts',
        ],
        'apps/web/src/main.ts': ['packages/protocol/src/index.ts', 'packages/rules/src/index.ts'],
        // Tests may reach further: a protocol test plays games with the bots.
        'packages/protocol/src/protocol.test.ts': ['packages/bots/src/index.ts'],
      }),
    ).toEqual([]);
  });

  it('fail a new import cycle', async () => {
    const found = await violations({
      'apps/server/src/rooms/lobby.ts': ['apps/server/src/rooms/member.ts'],
      'apps/server/src/rooms/member.ts': ['apps/server/src/rooms/lobby.ts'],
    });
    // dependency-cruiser reports a cycle once, from one of its edges.
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^no-circular: apps\/server\/src\/rooms\/(lobby|member)\.ts -> apps\/server\/src\/rooms\/(lobby|member)\.ts$/,
    );
    const longer = await violations({
      'packages/bots/src/a.ts': ['packages/bots/src/b.ts'],
      'packages/bots/src/b.ts': ['packages/bots/src/c.ts'],
      'packages/bots/src/c.ts': ['packages/bots/src/a.ts'],
    });
    expect(longer.length).toBeGreaterThan(0);
    expect(longer.every((line) => line.startsWith('no-circular: packages/bots/src/'))).toBe(true);
  });

  it('fail the two cycles issue 12 found, should either come back', async () => {
    const roomsCycle: Tree = {
      'apps/server/src/rooms/table.ts': [
        'apps/server/src/rooms/seating.ts',
        'apps/server/src/rooms/autoplay.ts',
      ],
      'apps/server/src/rooms/seating.ts': ['apps/server/src/rooms/table.ts'],
      'apps/server/src/rooms/autoplay.ts': ['apps/server/src/rooms/game-flow.ts'],
      'apps/server/src/rooms/game-flow.ts': ['apps/server/src/rooms/table.ts'],
    };
    expect(await violations(roomsCycle)).toContain(
      'no-circular: apps/server/src/rooms/seating.ts -> apps/server/src/rooms/table.ts',
    );
    const rulesCycle: Tree = {
      'packages/rules/src/compiled.ts': ['packages/rules/src/variants/index.ts'],
      'packages/rules/src/variants/index.ts': rules('variants/three-handed'),
      'packages/rules/src/variants/three-handed.ts': rules('meld-rules'),
      'packages/rules/src/meld-rules.ts': rules('compiled'),
    };
    expect(await violations(rulesCycle)).toEqual([
      expect.stringMatching(/^no-circular: packages\/rules\/src\//),
    ]);
  });

  it('fail every import that breaks the layers, naming the rule', async () => {
    const cases: [Tree, string][] = [
      [
        {
          'packages/rules/src/index.ts': ['packages/protocol/src/index.ts'],
          'packages/protocol/src/index.ts': [],
        },
        'rules-imports-nothing-of-ours: packages/rules/src/index.ts -> packages/protocol/src/index.ts',
      ],
      [
        { 'packages/protocol/src/view.ts': ['packages/bots/src/index.ts'], 'packages/bots/src/index.ts': [] },
        'protocol-imports-only-rules: packages/protocol/src/view.ts -> packages/bots/src/index.ts',
      ],
      [
        {
          'packages/bots/src/bot.ts': ['packages/protocol/src/index.ts'],
          'packages/protocol/src/index.ts': [],
        },
        'bots-import-only-rules: packages/bots/src/bot.ts -> packages/protocol/src/index.ts',
      ],
      [
        { 'apps/web/src/lib/api.ts': ['packages/bots/src/index.ts'], 'packages/bots/src/index.ts': [] },
        'web-imports-protocol-and-rules: apps/web/src/lib/api.ts -> packages/bots/src/index.ts',
      ],
    ];
    for (const [tree, expected] of cases) expect(await violations(tree)).toEqual([expected]);

    // Into an app: the layer rule of the importer, and the rule that nothing imports apps.
    const intoServer = await violations({
      'apps/web/src/lib/api.ts': ['apps/server/src/settings.ts'],
      'apps/server/src/settings.ts': [],
    });
    expect(intoServer.sort()).toEqual([
      'nothing-imports-apps: apps/web/src/lib/api.ts -> apps/server/src/settings.ts',
      'web-imports-protocol-and-rules: apps/web/src/lib/api.ts -> apps/server/src/settings.ts',
    ]);
    const bench = await violations({
      'packages/rules/bench/run.ts': ['apps/server/src/app.ts'],
      'apps/server/src/app.ts': [],
    });
    expect(bench).toEqual(['nothing-imports-apps: packages/rules/bench/run.ts -> apps/server/src/app.ts']);
  });

  it('keep product code off the bench, the test tooling and the cluster harness', async () => {
    // The tooling may import the product (it starts and measures it) ...
    expect(
      await violations({
        'apps/server/bench/run.ts': ['apps/server/src/app.ts', 'apps/server/testing/acknowledged.ts'],
        'apps/server/testing/server.ts': ['apps/server/src/app.ts', 'apps/server/src/db/test-support.ts'],
        'apps/server/cluster/game-logs.ts': ['apps/server/testing/acknowledged.ts'],
        'apps/server/src/app.ts': [],
        'apps/server/src/db/test-support.ts': [],
        'apps/server/testing/acknowledged.ts': [],
      }),
    ).toEqual([]);
    // ... and never the other way round.
    const found = await violations({
      'apps/server/src/rooms/table.ts': [
        'apps/server/bench/measure.ts',
        'apps/server/testing/clients.ts',
        'apps/server/src/db/test-support.ts',
        'apps/server/cluster/cluster.ts',
      ],
      'apps/server/bench/measure.ts': [],
      'apps/server/testing/clients.ts': [],
      'apps/server/src/db/test-support.ts': [],
      'apps/server/cluster/cluster.ts': [],
    });
    expect(found.sort()).toEqual(
      [
        'apps/server/bench/measure.ts',
        'apps/server/cluster/cluster.ts',
        'apps/server/src/db/test-support.ts',
        'apps/server/testing/clients.ts',
      ].map((to) => `product-code-imports-no-tooling: apps/server/src/rooms/table.ts -> ${to}`),
    );
  });

  it('let a Svelte component render itself, but no other cycle through components', async () => {
    expect(
      await violations({
        'apps/web/src/components/RuleField.svelte': ['apps/web/src/components/RuleField.svelte'],
      }),
    ).toEqual([]);
    const mutual = await violations({
      'apps/web/src/components/Seat.svelte': ['apps/web/src/components/Hand.svelte'],
      'apps/web/src/components/Hand.svelte': ['apps/web/src/components/Seat.svelte'],
    });
    expect(mutual).toHaveLength(1);
    expect(mutual[0]).toMatch(/^no-circular-components: apps\/web\/src\/components\/(Seat|Hand)\.svelte -> /);
  });
});
