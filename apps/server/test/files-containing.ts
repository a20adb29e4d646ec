import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file under a folder whose bytes contain `text` (searching a database's files, say). */
export function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    const stat = statSync(file);
    if (stat.isDirectory()) return filesContaining(file, text);
    return stat.isFile() && readFileSync(file).includes(needle) ? [file] : [];
  });
}
