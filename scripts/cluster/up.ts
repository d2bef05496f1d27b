/**
 * `DATABASE_URL=… REDIS_URL=… pnpm cluster:up -- --nodes N --port P --data DIR`: N Kibitz
 * nodes (ports P+1…P+N) and HAProxy on port P, without Docker; writes DIR/cluster.json.
 * `pnpm cluster:down -- --data DIR` stops them.
 */
import { startCluster } from '../../apps/server/cluster/cluster.ts';
import { clusterFilePath } from '../../apps/server/cluster/cluster-file.ts';
import { dataDir, parseArgs, wholeNumber } from './args.ts';

try {
  const args = parseArgs(process.argv.slice(2), ['nodes', 'port', 'data', 'host']);
  const nodes = wholeNumber(args, 'nodes', 2);
  const port = wholeNumber(args, 'port', 8080);
  if (port + nodes > 65_535) throw new Error('--port leaves no room for the nodes (P+1…P+N)');
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    throw new Error(
      'Several processes share one PostgreSQL and one Redis: set DATABASE_URL (postgresql://…) and REDIS_URL (redis://…).',
    );
  }
  const dir = dataDir(args);
  const host = args.get('host');
  const { file } = await startCluster({
    nodes,
    port,
    dataDir: dir,
    databaseUrl,
    redisUrl,
    ...(host ? { host } : {}),
  });
  for (const node of file.nodes) console.log(`${node.id}: pid ${node.pid}, port ${node.port}`);
  console.log(`proxy: pid ${file.proxy.pid}, http://${host ?? '127.0.0.1'}:${file.proxy.port}/`);
  console.log(`Written ${clusterFilePath(dir)}; stop with: pnpm cluster:down -- --data ${dir}`);
} catch (error) {
  console.error(`cluster:up failed: ${(error as Error).message}`);
  process.exit(1);
}
