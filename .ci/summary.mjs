// Prints vitest's totals as one plain line: "N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-artifacts/vitest-report.json', 'utf8'));
const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
