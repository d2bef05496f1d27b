import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clientEventSchemas } from './client-messages.ts';
import { renderProtocolReadme } from './docs.ts';
import { clientExamples, serverExamples } from './examples.ts';
import { serverEventSchemas } from './server-messages.ts';

describe('the protocol README', () => {
  it('is up to date with the schemas (regenerate: pnpm --filter @kibitz/protocol readme)', () => {
    const onDisk = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    expect(onDisk).toBe(renderProtocolReadme());
  });

  it('shows only examples the schemas accept', () => {
    for (const [event, example] of Object.entries(clientExamples)) {
      const schema = clientEventSchemas[event as keyof typeof clientEventSchemas];
      expect(schema.safeParse(example).success, event).toBe(true);
    }
    for (const [event, example] of Object.entries(serverExamples)) {
      const schema = serverEventSchemas[event as keyof typeof serverEventSchemas];
      expect(schema.safeParse(example).success, event).toBe(true);
    }
  });
});
