import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

const KEY_FILE = 'encryption.key';

/**
 * The key for provider tokens at rest: ENCRYPTION_KEY when set (required in production, where
 * config refuses to start without it). Otherwise the embedded database keeps a generated key in
 * its data folder, created once with owner-only permissions; an in-memory database gets a key
 * for this process only. A server on PostgreSQL without ENCRYPTION_KEY gets a per-process key
 * too, so stored tokens stop opening after a restart: docs/configuration.md says to set it.
 */
export function resolveEncryptionKey(config: Config): { key: Buffer; origin: string } {
  if (config.encryptionKey) return { key: config.encryptionKey, origin: 'ENCRYPTION_KEY' };
  if (config.databaseUrl || config.dataDir.includes('://')) {
    return { key: randomBytes(32), origin: 'generated for this process' };
  }
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length === 32) return { key, origin: file };
    throw new Error(`${file} does not hold a 32-byte base64 key`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32);
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return { key, origin: file };
}
