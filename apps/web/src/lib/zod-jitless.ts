/**
 * zod compiles object parsers with `new Function` when it may; to find out, it tries once,
 * and under the server's Content-Security-Policy (no 'unsafe-eval') that try is reported as
 * a violation even though zod catches it. The page parses a few messages a second: the
 * plain parsers are fast enough, and the policy stays clean. Imported first by main.ts,
 * before anything parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
