// Adds up the JSON reports that every Vitest run of `npm test` writes into
// <workspace>/.test-results/ and prints one closing line:
// "N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = [
  root,
  ...['packages', 'apps'].flatMap((group) => {
    const dir = join(root, group);
    return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
  }),
];
const resultDirs = workspaces.map((dir) => join(dir, '.test-results')).filter((dir) => existsSync(dir));

if (process.argv[2] === '--reset') {
  for (const dir of resultDirs) rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let reports = 0;
for (const dir of resultDirs) {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const passed = report.numPassedTests ?? 0;
    const failed = report.numFailedTests ?? 0;
    const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    totals.passed += passed;
    totals.failed += failed;
    totals.skipped += skipped;
    reports++;
    console.log(
      `  ${relative(root, join(dir, file)).padEnd(44)} ${passed} passed, ${failed} failed, ${skipped} skipped`,
    );
  }
}
if (reports === 0) {
  console.error('No test reports found (.test-results/ in the workspaces).');
  process.exit(1);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
