import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveEncryptionKey } from './encryption-key';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and never shows the plaintext in the sealed value', () => {
    const sealed = box.seal('1//refresh-token-value', 'org-1/gws');
    expect(sealed).not.toContain('refresh-token-value');
    expect(box.open(sealed, 'org-1/gws')).toBe('1//refresh-token-value');
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses another context, another key and an altered value', () => {
    const sealed = box.seal('secret', 'org-1/gws');
    expect(() => box.open(sealed, 'org-2/gws')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'org-1/gws')).toThrow();
    const [v, iv, tag, body = ''] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      box.open([v, iv, tag, flipped.toString('base64')].join('.'), 'org-1/gws'),
    ).toThrow();
    expect(() => box.open('plain text', 'org-1/gws')).toThrow('Not a sealed value');
  });
});

describe('resolveEncryptionKey', () => {
  it('keeps a generated key in the embedded database’s folder, readable by the owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'castellan-key-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveEncryptionKey(config);
    expect(first.key).toHaveLength(32);
    expect(resolveEncryptionKey(config).key).toEqual(first.key);
    const file = path.join(dir, 'encryption.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('base64'));
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('uses ENCRYPTION_KEY when it is set', () => {
    const key = randomBytes(32);
    const config = loadConfig({ ENCRYPTION_KEY: key.toString('base64'), DATA_DIR: 'memory://' });
    expect(resolveEncryptionKey(config)).toEqual({ key, origin: 'ENCRYPTION_KEY' });
  });
});
