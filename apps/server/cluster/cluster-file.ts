/**
 * DIR/cluster.json, what `pnpm cluster:up` started, as issue 11 fixes it for outside tools:
 * `{"proxy":{"port","pid"},"nodes":[{"id","pid","port"}],"redis":{"url"},"supervisor":{"pid"}}`
 * (no supervisor: cluster:up leaves none running). `cluster:down` reads it back to stop
 * exactly what was started.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const pid = z.number().int().positive();
const port = z.number().int().min(1).max(65_535);

export const clusterFileSchema = z.object({
  proxy: z.object({ port, pid }),
  nodes: z.array(z.object({ id: z.string().min(1), pid, port })),
  redis: z.object({ url: z.string().min(1) }),
  supervisor: z.object({ pid }).optional(),
});
export type ClusterFile = z.infer<typeof clusterFileSchema>;

export function clusterFilePath(dataDir: string): string {
  return join(dataDir, 'cluster.json');
}

/** Written whole or not at all (a reader never sees half a file). */
export async function writeClusterFile(dataDir: string, cluster: ClusterFile): Promise<void> {
  const path = clusterFilePath(dataDir);
  await writeFile(`${path}.tmp`, `${JSON.stringify(clusterFileSchema.parse(cluster), null, 2)}\n`);
  await rename(`${path}.tmp`, path);
}

export async function readClusterFile(dataDir: string): Promise<ClusterFile> {
  const path = clusterFilePath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new Error(`No cluster in ${dataDir}: ${path} does not exist (was \`pnpm cluster:up\` run there?)`);
  }
  const parsed = clusterFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${path} is not a cluster file: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
