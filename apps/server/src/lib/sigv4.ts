// AWS Signature Version 4 for a request sent with an Authorization header (integrations-reference-2
// §4.2). Pure: the caller gives the time. Requests to a local origin (AWS_API_BASE_URL) are signed
// for the real service and region, with the host they are sent to, as the SDKs do.
import { createHash, createHmac } from 'node:crypto';

export type AwsCredentials = {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (AssumeRole) only. */
  sessionToken?: string | undefined;
};

export type SignInput = {
  method: string;
  url: URL;
  /** Headers to send besides `host`, which the signature covers as the URL gives it. */
  headers: Readonly<Record<string, string>>;
  body: string | Uint8Array;
  /** The signing name: `iam`, `sts`, `cloudtrail`, `s3` (S3 Control signs as s3). */
  service: string;
  region: string;
  credentials: AwsCredentials;
  now: Date;
};

const ALGORITHM = 'AWS4-HMAC-SHA256';

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `YYYYMMDDTHHMMSSZ`. */
export const amzDate = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The path as signed: S3 signs the path as sent; every other service encodes each segment of the
 * (already encoded) path once more.
 */
function canonicalPath(url: URL, service: string): string {
  const path = url.pathname || '/';
  if (service === 's3') return path;
  return path
    .split('/')
    .map((segment) => rfc3986(segment))
    .join('/');
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams].map(([k, v]) => [rfc3986(k), rfc3986(v)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** Lower-case names, values trimmed with inner runs of spaces collapsed, sorted by name. */
function canonicalHeaders(headers: Readonly<Record<string, string>>) {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    text: entries.map(([name, value]) => `${name}:${value}\n`).join(''),
    signed: entries.map(([name]) => name).join(';'),
  };
}

export function canonicalRequest(
  input: Pick<SignInput, 'method' | 'url' | 'body' | 'service'>,
  headers: Readonly<Record<string, string>>,
): { text: string; signedHeaders: string } {
  const { text, signed } = canonicalHeaders(headers);
  return {
    text: [
      input.method.toUpperCase(),
      canonicalPath(input.url, input.service),
      canonicalQuery(input.url),
      text,
      signed,
      headers['x-amz-content-sha256'] ?? sha256Hex(input.body),
    ].join('\n'),
    signedHeaders: signed,
  };
}

export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secret}`, day);
  return hmac(hmac(hmac(kDate, region), service), 'aws4_request');
}

/** The headers to send: the caller's, `x-amz-date`, the session token, and `authorization`. */
export function signRequest(input: SignInput): Record<string, string> {
  const date = amzDate(input.now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = date;
  if (input.credentials.sessionToken) {
    headers['x-amz-security-token'] = input.credentials.sessionToken;
  }
  if (input.service === 's3') headers['x-amz-content-sha256'] = sha256Hex(input.body);
  const { text, signedHeaders } = canonicalRequest(input, { ...headers, host: input.url.host });
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = [ALGORITHM, date, scope, sha256Hex(text)].join('\n');
  const key = signingKey(input.credentials.secretAccessKey, day, input.region, input.service);
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
