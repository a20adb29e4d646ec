// Runs every check of the project in order, keeps going when one fails, and ends with one line:
// "N passed, M failed". Lint, type check and build count as one check each; the test runners
// report their own counts through their JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
rmSync(`${results}/unit.json`, { force: true });
rmSync(`${results}/e2e.json`, { force: true });
mkdirSync(results, { recursive: true });

const steps = [
  { name: 'lint', cmd: 'npx biome check .' },
  { name: 'type check', cmd: 'npm run typecheck' },
  {
    name: 'unit and API tests',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${results}/unit.json`,
    report: `${results}/unit.json`,
  },
  // The web app, the server bundle, the scanner's CLI and the agent the browser tests enroll
  // (each only when its sources changed).
  { name: 'build', cmd: 'npm run build' },
  {
    name: 'browser tests',
    cmd: 'npx playwright test',
    report: `${results}/e2e.json`,
    needs: ['build'],
  },
];

let passed = 0;
let failed = 0;
const failures = [];
const ok = new Set();

function countReport(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON)
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  }
  // Playwright
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
}

for (const step of steps) {
  const missing = (step.needs ?? []).filter((need) => !ok.has(need));
  if (missing.length > 0) {
    failed += 1;
    failures.push(`${step.name} (skipped: ${missing.join(' and ')} failed)`);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.cmd}`);
  const run = spawnSync(step.cmd, { stdio: 'inherit', shell: true });
  const success = run.status === 0;
  if (success) ok.add(step.name);
  const counts = step.report ? countReport(step.report) : null;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    // A runner that failed without a failing test (a crash, no tests found) still counts as a failure.
    if (!success && counts.failed === 0) failed += 1;
  } else if (success) {
    passed += 1;
  } else {
    failed += 1;
  }
  if (!success) failures.push(step.name);
}

console.log('');
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
