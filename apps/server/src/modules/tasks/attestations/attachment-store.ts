// Where the bytes of attachments live: a folder (the data folder's by default) or an
// S3-compatible bucket, addressed path-style (`<origin>/<bucket>/<key>`) and signed with
// Signature Version 4. The database keeps only what a file is; the key is `<organisation>/<id>`.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AttachmentStoreConfig } from '../../../config';
import { ServiceUnavailableError } from '../../../lib/errors';
import { signRequest } from '../../../lib/sigv4';

export type AttachmentStore = {
  kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when the store has no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

export const attachmentKey = (organizationId: string, id: string) => `${organizationId}/${id}`;

/** The store the configuration names; a folder is created when first written to. */
export function attachmentStore(config: AttachmentStoreConfig): AttachmentStore {
  return config.kind === 's3' ? bucketStore(config) : folderStore(config.dir);
}

function folderStore(configured: string | null): AttachmentStore {
  let dir: Promise<string> | null = configured ? Promise.resolve(configured) : null;
  // Without a folder (an in-memory database) files go to a temporary folder of this process.
  const root = () => {
    dir ??= mkdtemp(path.join(tmpdir(), 'castellan-attachments-'));
    return dir;
  };
  const fileOf = async (key: string) => path.join(await root(), ...key.split('/'));
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = await fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o600 });
    },
    async get(key) {
      return readFile(await fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    },
    async delete(key) {
      await rm(await fileOf(key), { force: true });
    },
  };
}

const TIMEOUT_MS = 15_000;

function bucketStore(config: Extract<AttachmentStoreConfig, { kind: 's3' }>): AttachmentStore {
  const credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
  };
  async function send(method: string, key: string, body?: Buffer, contentType?: string) {
    const url = new URL(`${config.baseUrl}/${config.bucket}/${key}`);
    const headers = signRequest({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      body: body ?? '',
      service: 's3',
      region: config.region,
      credentials,
      now: new Date(),
    });
    const res = await fetch(url, {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => {
      throw new ServiceUnavailableError('The file store could not be reached; try again.');
    });
    return res;
  }
  /** S3 answers errors as XML: `<Error><Code>…</Code><Message>…</Message></Error>`. */
  const failure = async (res: Response, what: string) => {
    const text = await res.text();
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP ${res.status}`;
    return new ServiceUnavailableError(`The file store refused to ${what} (${code}); try again.`);
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const res = await send('PUT', key, bytes, contentType);
      if (!res.ok) throw await failure(res, 'store the file');
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw await failure(res, 'give the file');
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await failure(res, 'delete the file');
      await res.arrayBuffer();
    },
  };
}
