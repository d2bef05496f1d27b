/**
 * The container files at the top of the repository (Dockerfile, docker-compose.yml) name
 * things that live elsewhere: workspace packages, the server's entry point, its
 * environment. Docker is not available where these tests run, so this checks that what
 * they name exists, the way a build would find out too late.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './settings.ts';

const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
const serverReadme = readFileSync(join(repoRoot, 'apps/server/README.md'), 'utf8');

/** Every workspace package (pnpm-workspace.yaml: apps/*, packages/*). */
function workspacePackages(): string[] {
  return ['apps', 'packages'].flatMap((folder) =>
    readdirSync(join(repoRoot, folder))
      .map((name) => `${folder}/${name}`)
      .filter((dir) => existsSync(join(repoRoot, dir, 'package.json'))),
  );
}

describe('Dockerfile and docker-compose.yml', () => {
  it("copies every workspace package's manifest before installing, or the frozen install fails", () => {
    const installAt = dockerfile.indexOf('pnpm@12.4.2 install --frozen-lockfile');
    expect(installAt).toBeGreaterThan(0);
    const beforeInstall = dockerfile.slice(0, installAt);
    const packages = workspacePackages();
    expect(packages.length).toBeGreaterThanOrEqual(5);
    for (const dir of packages) expect(beforeInstall).toContain(`COPY ${dir}/package.json ${dir}/`);
    // The server's postinstall generates the Prisma client from the schema, with its script.
    expect(beforeInstall).toContain('COPY prisma prisma');
    expect(beforeInstall).toContain('COPY apps/server/scripts apps/server/scripts');
  });

  it('builds, then starts the built server with node itself (no compiler at run time, SIGTERM reaches it)', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd).toBeDefined();
    const argv = JSON.parse(cmd!) as string[];
    expect(argv).toEqual(['node', 'apps/server/dist/main.js']);
    // What `pnpm build` writes there (built-server.test.ts builds it and starts it).
    const build = dockerfile.indexOf('pnpm@12.4.2 build');
    expect(build).toBeGreaterThan(0);
    expect(build).toBeLessThan(dockerfile.indexOf('CMD ['));
    const scripts = (file: string) =>
      (JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts('package.json').build).toContain('--filter @kibitz/server build');
    expect(scripts('apps/server/package.json').build).toBe('node scripts/build.mjs');
  });

  it('sets only environment variables the server documents, and checks /readyz', () => {
    const documented = new Set([...serverReadme.matchAll(/`([A-Z][A-Z_]+)`/g)].map((match) => match[1]));
    const kibitz = compose.slice(compose.search(/^ {2}kibitz:/m), compose.search(/^ {2}postgres:/m));
    const environment = kibitz.slice(kibitz.indexOf('environment:'), kibitz.indexOf('volumes:'));
    const names = [...environment.matchAll(/^ {6}([A-Z_]+):/gm)].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(2);
    for (const name of names) expect(documented, name).toContain(name);
    expect(kibitz).toContain('/readyz');
    expect(dockerfile).toMatch(/KIBITZ_DATA_DIR=\/data/);
    expect(kibitz).toContain('kibitz-data:/data');
  });
});
