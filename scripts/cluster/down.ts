/** `pnpm cluster:down -- --data DIR`: stops what `pnpm cluster:up` started there. */
import { stopCluster } from '../../apps/server/cluster/cluster.ts';
import { dataDir, parseArgs } from './args.ts';

try {
  const args = parseArgs(process.argv.slice(2), ['data']);
  for (const line of await stopCluster(dataDir(args))) console.log(line);
} catch (error) {
  console.error(`cluster:down failed: ${(error as Error).message}`);
  process.exit(1);
}
