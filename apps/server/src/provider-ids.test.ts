import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROVIDER_IDS, PROVIDERS, type ProviderId } from '@castellan/contract';
import { describe, expect, it } from 'vitest';

/**
 * A provider is named by hand only in its adapter folder, its fake, the contract's list and
 * tests; everything else derives from the list. The files still to be moved onto the list are
 * named below, so the debt cannot grow unseen.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/contract/src'];

/** Where each provider may be named: its adapter folder and its fake. */
const HOMES: Record<ProviderId, string[]> = {
  gws: ['apps/server/src/modules/integrations/google/', 'apps/server/test/fakes/google/'],
  m365: ['apps/server/src/modules/integrations/microsoft/', 'apps/server/test/fakes/microsoft/'],
  meta: ['apps/server/src/modules/integrations/meta/', 'apps/server/test/fakes/meta/'],
};

/** The contract's list, and the server's list of adapters. */
const LISTS = [
  'packages/contract/src/providers.ts',
  'apps/server/src/modules/integrations/providers.ts',
];

/** Not derived from the list yet. */
const NOT_YET_DERIVED = [
  'apps/server/src/db/schema/tasks.ts',
  'apps/server/src/modules/attack-graph/entry-points.ts',
  'apps/server/test/fakes/demo-fakes.ts',
  'apps/server/test/integration-test-kit.ts',
  'apps/web/src/features/integrations/PermissionsRequiredPanel.tsx',
  'apps/web/src/features/integrations/allow-list-api.ts',
  'apps/web/src/features/integrations/connect-integration.ts',
  'apps/web/src/features/integrations/google-api.ts',
  'apps/web/src/features/integrations/integration-display.ts',
  'apps/web/src/features/integrations/meta-api.ts',
  'apps/web/src/features/integrations/meta-popup.ts',
  'apps/web/src/features/integrations/microsoft-api.ts',
  'packages/contract/src/integrations.ts',
];

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/e2e/');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !isTest(file) ? [file] : [];
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The id as a whole quoted string, or the slug as a quoted string or a path segment. */
const namesOf = (id: ProviderId) =>
  new RegExp(
    `['"\`]${escapeRegExp(id)}['"\`]|['"\`/]${escapeRegExp(PROVIDERS[id].slug)}(?![\\w.-])`,
  );

const named = SCANNED.flatMap(sourceFiles).flatMap((file) => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return PROVIDER_IDS.filter((id) => namesOf(id).test(text)).map((id) => ({ file, id }));
});

describe('provider ids', () => {
  it('finds the providers where they are known to be named (the scan works)', () => {
    expect(named).toContainEqual({ file: 'packages/contract/src/providers.ts', id: 'gws' });
    expect(named).toContainEqual({
      file: 'apps/server/src/modules/integrations/meta/adapter.ts',
      id: 'meta',
    });
  });

  it('are written by hand only in their adapter, their fake, the list and tests', () => {
    const offending = named.filter(
      ({ file, id }) =>
        !LISTS.includes(file) &&
        !HOMES[id].some((home) => file.startsWith(home)) &&
        !NOT_YET_DERIVED.includes(file),
    );
    expect(offending).toEqual([]);
  });

  it('keeps the not-yet-derived list current: each still names a provider', () => {
    const stillNaming = new Set(named.map((n) => n.file));
    expect(NOT_YET_DERIVED.filter((file) => !stillNaming.has(file))).toEqual([]);
  });
});
