// Runs every check of the project, keeps going when one fails, and ends with one line:
// "N passed, M failed". Lint, type check and build count as one check each; the test runners
// report their own counts through their JSON reports.
//
// Checks run side by side: the browser tests spend most of their time waiting on browsers,
// servers and databases, so one step alone leaves the cores idle. Each step writes to its own
// log (test-results/<step>.log), printed whole when the step ends so outputs never interleave.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
for (const report of ['unit.json', 'e2e.json']) rmSync(`${results}/${report}`, { force: true });
mkdirSync(results, { recursive: true });

const steps = [
  { name: 'lint', log: 'lint', cmd: 'npx biome check .' },
  { name: 'type check', log: 'typecheck', cmd: 'npm run typecheck' },
  // The web app, the server bundle, the scanner's CLI and the agent (each only when its sources
  // changed). Both test runners wait for it: some tests run the built server and agent.
  { name: 'build', log: 'build', cmd: 'npm run build' },
  {
    name: 'unit and API tests',
    log: 'unit',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${results}/unit.json`,
    report: `${results}/unit.json`,
    needs: ['build'],
  },
  {
    name: 'browser tests',
    log: 'e2e',
    cmd: 'npx playwright test',
    report: `${results}/e2e.json`,
    needs: ['build'],
    // Not beside the Vitest tier: on two cores the two together slowed pages past the browser
    // tests' waits, and finished no sooner than one after the other.
    after: ['unit and API tests'],
  },
];

/**
 * Passed and failed counts of a runner's JSON report, and each failed test's name with the first
 * line of its error (a CI log is often cut to its last lines: the reason must be there too).
 */
function countReport(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON)
    const names = report.testResults.flatMap((f) => {
      const failed = f.assertionResults.filter((t) => t.status === 'failed');
      // A file that failed with no failing test: it did not load, or a hook of it failed.
      if (failed.length === 0 && f.status === 'failed') {
        return [`${relative(f.name)} › ${firstLine(f.message) || 'the file failed'}`];
      }
      return failed.map(
        (t) => `${relative(f.name)} › ${t.fullName}${reason(t.failureMessages?.[0])}`,
      );
    });
    return { passed: report.numPassedTests, failed: report.numFailedTests, names };
  }
  // Playwright
  const s = report.stats ?? {};
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error;
      names.push([...titles, spec.title].filter(Boolean).join(' › ') + reason(error?.message));
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.file ?? suite.title]);
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, names };
}
const relative = (path) => path.replace(`${process.cwd()}/`, '');
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in error messages
const plain = (text) => (text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (text) => plain(text).trim().split('\n')[0].slice(0, 300);
/** The start of an error, on the lines below a failed test's name. */
const reason = (message) => {
  const lines = plain(message)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3);
  return lines.length ? `\n      ${lines.join('\n      ').slice(0, 400)}` : '';
};

/**
 * The part of a step's log that says why it failed when no test did: Vitest's "Unhandled
 * Errors" section (an error thrown outside any test), or else the last lines naming an error
 * (a type error, a lint finding, a build failure).
 */
function crashExcerpt(logFile) {
  const lines = readFileSync(logFile, 'utf8').split('\n');
  const start = lines.findIndex((l) => /Unhandled Error/.test(l));
  if (start >= 0) return lines.slice(start, start + 40);
  return lines.filter((l) => /\berror\b|FAIL|✗|×/i.test(l)).slice(-20);
}

const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

/**
 * CPU seconds used so far by the ended children of this process and by what they waited for in
 * turn (Linux only: /proc/self/stat, in the kernel's USER_HZ of 100 ticks a second). Read when a
 * step ends, the difference is that step's CPU, servers and browsers included: on a machine
 * whose cores are all busy, the figure to cut.
 */
function childrenCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
let cpuSeen = childrenCpuSeconds();
/** This step's CPU, as the children's total grew since the last step ended. */
function cpuSinceLastStep() {
  const now = childrenCpuSeconds();
  if (now === null || cpuSeen === null) return '';
  const used = now - cpuSeen;
  cpuSeen = now;
  return `, ${(used / 60).toFixed(1)} CPU-min`;
}

/** Runs a step into its log; resolves to whether it succeeded. */
function run(step) {
  const logFile = `${results}/${step.log}.log`;
  const log = createWriteStream(logFile);
  const since = Date.now();
  console.log(`▶ ${step.name}: ${step.cmd}`);
  return new Promise((resolve) => {
    const child = spawn(step.cmd, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        const ok = code === 0;
        const took = `${minutes(since)}${cpuSinceLastStep()}`;
        console.log(`\n━━ ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${took} ━━`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
        resolve(ok);
      });
    });
  });
}

const outcome = new Map();
const running = new Map();
function start(step) {
  if (!running.has(step.name)) {
    running.set(
      step.name,
      (async () => {
        const needs = await Promise.all((step.needs ?? []).map((n) => start(byName(n))));
        // `after`: waits for those steps to end, whether they passed or not.
        await Promise.all((step.after ?? []).map((n) => start(byName(n))));
        const ok = needs.every(Boolean) ? await run(step) : null;
        outcome.set(step.name, ok);
        return ok === true;
      })(),
    );
  }
  return running.get(step.name);
}
const byName = (name) => steps.find((s) => s.name === name);

await Promise.all(steps.map(start));

let passed = 0;
let failed = 0;
const failures = [];
const failedTests = [];
const crashes = [];
for (const step of steps) {
  const ok = outcome.get(step.name);
  if (ok === null) {
    failed += 1;
    failures.push(`${step.name} (skipped: ${step.needs.join(' and ')} failed)`);
    continue;
  }
  const counts = step.report ? countReport(step.report) : null;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    failedTests.push(...counts.names);
  } else if (ok) {
    passed += 1;
  }
  // A step that failed without a failing test (lint, type check, build, or a runner's crash, an
  // error outside any test, no report at all) counts as one failure, its log's reason repeated.
  if (!ok && (counts?.failed ?? 0) === 0) {
    failed += 1;
    crashes.push(`${step.name}:`, ...crashExcerpt(`${results}/${step.log}.log`));
  }
  if (!ok) failures.push(step.name);
}

const cpu = childrenCpuSeconds();
const cpuNote = cpu === null ? '' : ` (${(cpu / 60).toFixed(1)} CPU-min)`;
console.log(`\nAll checks took ${minutes(started)}${cpuNote}.`);
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
// Named again here, where a log cut to its last lines still shows them.
for (const line of crashes) console.log(`  ${line}`);
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
