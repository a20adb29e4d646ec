// Lists the slowest test files of the last `npm test` run, from the runners' JSON reports in
// test-results/ (unit.json from Vitest, e2e.json from Playwright): where to look first when the
// suite gets slow. `node scripts/slowest-tests.mjs [how many]`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const count = Number(process.argv[2] ?? 15);
const root = process.cwd();

function vitestFiles(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return report.testResults.map((r) => ({
    file: path.relative(root, r.name),
    tests: r.assertionResults.length,
    ms: r.endTime - r.startTime,
  }));
}

function playwrightFiles(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const files = new Map();
  const visit = (suite, file) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const entry = files.get(name) ?? { file: name, tests: 0, ms: 0 };
        entry.tests += 1;
        entry.ms += test.results.reduce((sum, r) => sum + r.duration, 0);
        files.set(name, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child, name);
  };
  for (const suite of report.suites) visit(suite, suite.file);
  return [...files.values()];
}

for (const [title, file, read] of [
  ['Vitest', 'test-results/unit.json', vitestFiles],
  [
    'Playwright (test time, without each file’s server start)',
    'test-results/e2e.json',
    playwrightFiles,
  ],
]) {
  if (!existsSync(file)) {
    console.log(`${title}: no ${file} (run npm test first)\n`);
    continue;
  }
  const files = read(file).sort((a, b) => b.ms - a.ms);
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  console.log(`${title}: ${files.length} files, ${(total / 60_000).toFixed(1)} worker-min in all`);
  for (const f of files.slice(0, count)) {
    const share = ((100 * f.ms) / total).toFixed(1).padStart(5);
    console.log(
      `${(f.ms / 1000).toFixed(1).padStart(7)} s ${share} %  ${f.tests} tests  ${f.file}`,
    );
  }
  console.log('');
}
