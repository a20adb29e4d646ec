// A fake S3-compatible bucket service for attachment storage: path-style object PUT, GET and
// DELETE (`/<bucket>/<key>`), every request checked with Signature Version 4 by the fakes' own
// checker, and S3's XML error envelope (`<Error><Code>NoSuchKey</Code>…`). Objects are kept in
// memory. Start it alone: `npx tsx apps/server/test/fakes/s3/run-s3.ts`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Listening, listenLocally } from '../kit/listen';
import { checkSignature, isRefusal } from '../kit/sigv4-check';

export const FAKE_S3_BUCKET = 'castellan-attachments';
export const FAKE_S3_KEY = { accessKeyId: 'AKIAFAKES3ATTACHMENT', secret: 'fake-s3-secret-key' };

export type FakeS3 = Listening & {
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Answers every request with this S3 error until cleared (null). */
  failWith(code: string | null): void;
  serverEnv(): Record<string, string>;
};

const xmlError = (res: ServerResponse, status: number, code: string, message: string): void => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`,
  );
};

const readRaw = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startFakeS3(options: { port?: number } = {}): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  let failure: string | null = null;
  const listening = await listenLocally(
    options.port,
    async (req, res) => {
      const body = await readRaw(req);
      const target = req.url ?? '/';
      const signed = checkSignature({
        method: req.method ?? 'GET',
        target,
        headers: req.headers,
        body,
        keys: (id) => (id === FAKE_S3_KEY.accessKeyId ? { secret: FAKE_S3_KEY.secret } : null),
        now: Date.now(),
      });
      if (isRefusal(signed)) return xmlError(res, signed.status, signed.code, signed.message);
      if (failure) return xmlError(res, 503, failure, 'Please reduce your request rate.');
      const path = decodeURIComponent(new URL(target, 'http://fake').pathname);
      const [, bucket = '', ...rest] = path.split('/');
      const key = rest.join('/');
      if (bucket !== FAKE_S3_BUCKET) {
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      }
      switch (req.method) {
        case 'PUT':
          objects.set(key, {
            body,
            contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          });
          res.writeHead(200, { etag: `"${body.length}"` });
          res.end();
          return;
        case 'GET': {
          const object = objects.get(key);
          if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.body.length,
          });
          res.end(object.body);
          return;
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          res.end();
          return;
        default:
          return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed.');
      }
    },
    (res) => xmlError(res, 500, 'InternalError', 'We encountered an internal error.'),
  );
  return {
    ...listening,
    objects,
    failWith: (code) => {
      failure = code;
    },
    serverEnv: () => ({
      ATTACHMENTS_S3_BUCKET: FAKE_S3_BUCKET,
      ATTACHMENTS_S3_ACCESS_KEY_ID: FAKE_S3_KEY.accessKeyId,
      ATTACHMENTS_S3_SECRET_ACCESS_KEY: FAKE_S3_KEY.secret,
      S3_API_BASE_URL: listening.url,
    }),
  };
}
