import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROVIDER_IDS, PROVIDERS, type ProviderId, type ProviderInfo } from '@castellan/contract';
import { describe, expect, it } from 'vitest';

/**
 * A provider is named by hand only in its homes (its adapter folder, its fake, its part of the
 * contract, its web folder), the lists and tests; everything else derives from the lists.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/contract/src'];

/** Where each provider may be named: its adapter, its fake, its contract part, its web folder. */
const HOMES: Record<ProviderId, string[]> = {
  gws: [
    'apps/server/src/modules/integrations/google/',
    'apps/server/test/fakes/google/',
    'packages/contract/src/providers/google-workspace.ts',
    'apps/web/src/features/integrations/providers/google-workspace/',
  ],
  m365: [
    'apps/server/src/modules/integrations/microsoft/',
    'apps/server/test/fakes/microsoft/',
    'packages/contract/src/providers/microsoft-365.ts',
    'apps/web/src/features/integrations/providers/microsoft-365/',
  ],
  meta: [
    'apps/server/src/modules/integrations/meta/',
    'apps/server/test/fakes/meta/',
    'packages/contract/src/providers/meta.ts',
    'apps/web/src/features/integrations/providers/meta/',
  ],
  aws: [
    'apps/server/src/modules/integrations/aws/',
    'apps/server/test/fakes/aws/',
    'packages/contract/src/providers/aws.ts',
    'apps/web/src/features/integrations/providers/aws/',
    // Its tasks are shown only to organisations that connected it.
    'apps/server/src/modules/tasks/catalogue/cloud.ts',
  ],
  bitwarden: [
    'apps/server/src/modules/integrations/bitwarden/',
    'apps/server/test/fakes/bitwarden/',
    'packages/contract/src/providers/bitwarden.ts',
    'apps/web/src/features/integrations/providers/bitwarden/',
    'apps/server/src/modules/tasks/catalogue/accounts.ts',
  ],
  slack: [
    'apps/server/src/modules/integrations/slack/',
    'apps/server/test/fakes/slack/',
    'packages/contract/src/providers/slack.ts',
    'apps/web/src/features/integrations/providers/slack/',
  ],
  teams: [
    'apps/server/src/modules/integrations/teams/',
    'apps/server/test/fakes/teams/',
    'apps/web/src/features/integrations/providers/teams/',
  ],
};

/** The contract's list and its list of provider parts, the server's adapters, the web's and the fakes' lists. */
const LISTS = [
  'packages/contract/src/providers.ts',
  'packages/contract/src/provider-contracts.ts',
  'packages/contract/src/connect-forms.ts',
  'apps/server/src/modules/integrations/providers.ts',
  'apps/web/src/features/integrations/providers/index.ts',
  'apps/server/test/fakes/providers.ts',
  // The channels nudges go through: e-mail and the messaging providers.
  'packages/contract/src/nudge-rules.ts',
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
/**
 * The id as a whole quoted string, the slug as a quoted string or a path segment, or a path of
 * its connect flow.
 */
const namesOf = (id: ProviderId) => {
  const { slug, connect } = PROVIDERS[id] as ProviderInfo;
  const paths = 'callback' in connect ? [connect.start, connect.callback] : [];
  const flow = paths.length > 0 ? `|(?:${paths.map(escapeRegExp).join('|')})(?![\\w/-])` : '';
  return new RegExp(
    `['"\`]${escapeRegExp(id)}['"\`]|['"\`/]${escapeRegExp(slug)}(?![\\w.-])${flow}`,
  );
};

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

  it('are written by hand only in their homes, the lists and tests', () => {
    const offending = named.filter(
      ({ file, id }) => !LISTS.includes(file) && !HOMES[id].some((home) => file.startsWith(home)),
    );
    expect(offending).toEqual([]);
  });
});
