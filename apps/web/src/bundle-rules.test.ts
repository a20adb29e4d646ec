import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Tests and their helpers (test/) are not part of the page.
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('web bundle rules', () => {
  // The contract's schemas pull zod (~25 kB gzipped) into the page; the web app needs only their
  // types, and plain values come from '@castellan/contract/vocabulary'.
  it('imports only types from the contract package', () => {
    const offenders = sourceFiles(import.meta.dirname).filter((file) =>
      /^import (?!type )[^;]*from '@castellan\/contract';/m.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  // The typed API client (lib/api.ts) takes its types from the endpoint declarations, which are
  // zod schemas: only `import type` of zod keeps it out of the page.
  it('imports zod for its types only', () => {
    const offenders = sourceFiles(import.meta.dirname).filter((file) =>
      /^import (?!type )[^;]*from 'zod';/m.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
