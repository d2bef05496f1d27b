/** Writes packages/protocol/README.md from the schemas (see src/docs.ts). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderProtocolReadme } from '../src/docs.ts';

writeFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), renderProtocolReadme());
