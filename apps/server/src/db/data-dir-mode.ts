import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes the embedded database's folder the owner's alone: the folder 0700 and nothing in it
 * open to group or others. PGlite's file system sets 0666 on the files it writes whatever the
 * umask; the 0700 folder keeps later ones out of reach, and this pass (at open and at close,
 * after the last checkpoint) takes the bits off what is there.
 */
export function restrictDataDir(dir: string): void {
  chmodSync(dir, 0o700);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      const { mode } = lstatSync(full);
      if ((mode & 0o077) !== 0) chmodSync(full, mode & 0o700);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
}
