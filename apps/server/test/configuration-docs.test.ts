// The settings are declared once (apps/server/src/settings.ts): the documentation's table is
// generated from them, and a start refused for its configuration says what is wrong, line by line.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED } from '../../../scripts/docs';
import { SETTINGS } from '../src/settings';
import { BUILT_MAIN } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the generated documentation', () => {
  it.each(Object.keys(GENERATED))('%s is what `npm run docs` writes', (file) => {
    expect(read(file)).toBe(GENERATED[file]);
  });

  it('lists every declared setting, and the README sends readers to it', () => {
    const table = read('docs/configuration.md');
    const missing = Object.keys(SETTINGS).filter((name) => !table.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
    expect(read('README.md')).toContain('docs/configuration.md');
  });

  it('declares every variable the server code reads from process.env', () => {
    const { stdout } = spawnSync(
      'git',
      ['grep', '-hoE', 'process\\.env\\.[A-Z_]+', 'apps/server/src'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    const read = new Set(
      stdout
        .split('\n')
        .filter(Boolean)
        .map((m) => m.slice('process.env.'.length)),
    );
    const undeclared = [...read].filter((name) => !(name in SETTINGS));
    expect(undeclared).toEqual([]);
  });
});

describe('a start refused for its configuration', () => {
  /** Starts the server in production with `env` over this environment (less the key and mail). */
  const startProduction = (env: Record<string, string>) => {
    const { ENCRYPTION_KEY: _k, SMTP_URL: _s, PORT: _p, ...inherited } = process.env;
    const run = spawnSync(process.execPath, [BUILT_MAIN], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...inherited, NODE_ENV: 'production', DATA_DIR: 'memory://', ...env },
    });
    expect(run.stderr).not.toMatch(/^\s+at /m);
    return { status: run.status, lines: run.stderr.trim().split('\n') };
  };

  it('prints one line per wrong setting and no stack trace', () => {
    const { status, lines } = startProduction({
      PORT: 'eighty',
      TEST_LOGIN: '1',
      OIDC_ALLOW_HTTP: '1',
    });
    expect(status).toBe(1);
    expect(lines[0]).toMatch(/^Castellan cannot start: fix these settings/);
    // Schema errors come first and alone: the production rules need a valid environment.
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^ {2}PORT: /)]);
  });

  it('reports every production rule broken at once', () => {
    const { status, lines } = startProduction({
      TEST_LOGIN: '1',
      OIDC_ALLOW_HTTP: '1',
      MAIL_ENABLED: '1',
    });
    expect(status).toBe(1);
    const problems = lines.slice(1).map((line) => line.trim().split(':')[0]);
    expect(problems).toEqual(['OIDC_ALLOW_HTTP', 'TEST_LOGIN', 'ENCRYPTION_KEY', 'SMTP_URL']);
  });
});
