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

  // Mantine's modals (Modal, its scroll lock: about 11 kB gzipped) load with the first
  // confirmation asked for: pages ask through lib/confirm.ts, and only the lazy view imports them.
  it('imports @mantine/modals only in the confirmations’ lazy view', () => {
    const offenders = sourceFiles(import.meta.dirname).filter(
      (file) =>
        /^import (?!type )[^;]*from '@mantine\/modals';/m.test(readFileSync(file, 'utf8')) &&
        !file.endsWith(path.join('lib', 'ConfirmModals.tsx')),
    );
    expect(offenders.map((f) => path.relative(import.meta.dirname, f))).toEqual([]);
  });

  // A full Markdown parser cost the help page 47 kB gzipped: the articles' small part of Markdown
  // is read by features/help/article-markdown.ts, and react-markdown only checks it in a test.
  it('leaves react-markdown to the tests', () => {
    const offenders = sourceFiles(import.meta.dirname).filter((file) =>
      /from 'react-markdown'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(import.meta.dirname, f))).toEqual([]);
  });

  // Mantine's floating parts (Menu, Select, MultiSelect, Combobox, Popover, Tooltip…) bring
  // floating-ui and Mantine's combobox, and its Drawer the modal machinery (about 20 kB): the app
  // has MenuButton, Hint, NativeSelect and DetailDrawer instead.
  it('uses none of Mantine’s floating or drawer components', () => {
    const heavy =
      /\b(Menu|Select|MultiSelect|Combobox|Autocomplete|TagsInput|Popover|HoverCard|Tooltip|Drawer)\b/;
    const offenders = sourceFiles(import.meta.dirname).filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import \{([^}]*)\} from '@mantine\/core';/gm)].some(
        ([, names]) => heavy.test(names ?? ''),
      ),
    );
    expect(offenders.map((f) => path.relative(import.meta.dirname, f))).toEqual([]);
  });
});
