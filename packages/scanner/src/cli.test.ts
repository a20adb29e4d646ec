import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanReport } from '@castellan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanFixtures, startScanFixtures } from '../test/fixtures';
import { formatReport } from './report-text';
import { scanDomain } from './scan';

// The installed `castellan-scan` command, which `npm run scan` runs: the built CLI, brought up to
// date with the sources first.
const CLI = path.join(import.meta.dirname, '../bin/castellan-scan.js');
const BUILD = path.join(import.meta.dirname, '../../../scripts/build.mjs');
let fx: ScanFixtures;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  execFileSync(process.execPath, [BUILD, 'scanner', '--quiet']);
  fx = await startScanFixtures();
  const caFile = path.join(tmpdir(), `castellan-cli-test-ca-${process.pid}.pem`);
  writeFileSync(caFile, fx.ca.cert);
  const { ports } = fx.options;
  env = {
    PATH: process.env.PATH,
    SCAN_DNS_SERVERS: fx.dns.server,
    SCAN_HTTP_PORT: String(ports?.http),
    SCAN_HTTPS_PORT: String(ports?.https),
    SCAN_SMTP_PORT: String(ports?.smtp),
    SCAN_ALLOW_PRIVATE: '1',
    NODE_EXTRA_CA_CERTS: caFile,
  };
});
afterAll(async () => {
  await fx?.close();
});

const run = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });

describe('npm run scan', () => {
  it('reads the SCAN_* variables and prints the report (--json for machines)', async () => {
    const { code, stdout } = await run('good.test', '--json');
    expect(code).toBe(0);
    expect(scanReport.parse(JSON.parse(stdout))).toMatchObject({ grade: 'A', score: 100 });
  }, 30_000);

  it('exits non-zero when the scan cannot be done', async () => {
    const [missing, invalid] = await Promise.all([run('nothing.test'), run('127.0.0.1', '--json')]);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/Scan failed: nothing\.test does not exist/);
    expect(invalid.code).toBe(2);
    expect(JSON.parse(invalid.stderr)).toEqual({
      error: 'Enter a domain name, not an IP address.',
      code: 'invalid-domain',
    });
  }, 30_000);
});

describe('the text report', () => {
  it('shows grade, areas, what to fix with evidence and advice, and what passed', async () => {
    const text = formatReport(await scanDomain('bad.test', fx.badOptions));
    expect(text).toMatch(/^Castellan domain scan of bad\.test\nGrade F, score \d+\/100/);
    expect(text).toMatch(/Website encryption\s+0\/100/);
    expect(text).toMatch(
      /\[Critical\] SPF allows every server in the world to send as you \("\+all"\) {2}\(spf\.pass-all\)\n {6}Seen: "v=spf1 \+all"\n {6}What to do: Replace/,
    );
    expect(text).toMatch(/Task: email-spf/);
    expect(text).toMatch(/Passed \(1\)\n {2}✓ The website is served over HTTPS/);
  });
});
