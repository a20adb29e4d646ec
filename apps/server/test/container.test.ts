import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Dockerfile and compose.yaml kept in step with the build: what they copy exists (or is what
 * the build writes) and the scripts they run exist.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const dockerfile = read('Dockerfile');
/** Instructions with their continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages = instructions.reduce<string[][]>((all, line) => {
  if (line.startsWith('FROM ')) all.push([]);
  all.at(-1)?.push(line);
  return all;
}, []);
const [buildStage = [], runtimeStage = []] = stages;

/** What `npm run build` writes (the agent's builds among them). */
const buildOutputs = [...read('scripts/build.mjs').matchAll(/out: '([^']+)'/g)].map(
  (m) => m[1] ?? '',
);
const copies = (stage: string[]) =>
  stage
    .filter((line) => line.startsWith('COPY '))
    .map((line) => {
      const parts = line.split(/\s+/).slice(1);
      const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length) ?? null;
      const paths = parts.filter((p) => !p.startsWith('--'));
      return { from, sources: paths.slice(0, -1) };
    });
const workspaces = [
  'apps/server',
  'apps/web',
  'packages/agent',
  'packages/contract',
  'packages/scanner',
];

describe('the container image', () => {
  it('has a build stage and a runtime stage on the Node major the project runs on', () => {
    expect(stages).toHaveLength(2);
    const engines = JSON.parse(read('package.json')).engines.node as string;
    const major = /(\d+)/.exec(engines)?.[1];
    for (const stage of stages) expect(stage[0]).toMatch(new RegExp(`^FROM node:${major}-`));
    expect(workspaces.every((w) => existsSync(path.join(root, w, 'package.json')))).toBe(true);
  });

  it('copies only files that exist, and every workspace’s manifest before installing', () => {
    for (const stage of [buildStage, runtimeStage]) {
      const fromContext = copies(stage).filter((c) => c.from === null);
      for (const { sources } of fromContext) {
        for (const source of sources) {
          if (source === '.') continue;
          expect(existsSync(path.join(root, source)), source).toBe(true);
        }
      }
      const manifests = fromContext.flatMap((c) => c.sources);
      for (const w of workspaces) expect(manifests).toContain(`${w}/package.json`);
    }
  });

  it('takes from the build stage only what the build writes or files that exist', () => {
    const taken = copies(runtimeStage).filter((c) => c.from === 'build');
    expect(taken.length).toBeGreaterThan(0);
    for (const { sources } of taken) {
      for (const source of sources) {
        const file = source.replace(/^\/app\//, '');
        const built = buildOutputs.some((out) => file === out || file.startsWith(`${out}/`));
        expect(built || existsSync(path.join(root, file)), file).toBe(true);
      }
    }
    // Every part the server serves from a build is in the image.
    for (const out of buildOutputs) {
      expect(taken.flatMap((c) => c.sources)).toContain(`/app/${out}`);
    }
  });

  it('runs only npm scripts that exist', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    for (const line of instructions.filter((l) => l.startsWith('RUN '))) {
      for (const [, name] of line.matchAll(/npm run ([\w:-]+)/g)) {
        expect(Object.keys(scripts), line).toContain(name);
      }
    }
  });

  it('runs the built server as a non-root user with production dependencies only, checked by /api/health', () => {
    const runtime = runtimeStage.join('\n');
    expect(runtime).toMatch(/npm ci --omit=dev/);
    expect(runtime).not.toMatch(/^COPY --from=build \/app\/node_modules/m);
    const user = runtimeStage.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
    expect(runtime).toMatch(/^HEALTHCHECK .*\/api\/health/m);
    const serverOut = /entry: 'apps\/server\/src\/main.ts',\s*outfile: '([^']+)'/.exec(
      read('scripts/build.mjs'),
    )?.[1];
    expect(serverOut).toBeDefined();
    expect(runtimeStage.at(-1)).toContain(`"${serverOut}"`);
  });

  it('leaves out of the build context what must not reach an image', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '.env', 'data'])
      expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  it('runs Castellan with PostgreSQL and Redis, its secrets from .env', () => {
    for (const service of ['castellan', 'postgres', 'redis']) {
      expect(compose).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    }
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/castellan:\$\{POSTGRES_PASSWORD/);
    expect(compose).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
    expect(compose).toMatch(/env_file: \.env/);
    expect(compose).not.toMatch(/ENCRYPTION_KEY: [A-Za-z0-9+/]{20,}/);
  });
});
