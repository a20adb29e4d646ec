// The fake's own check of AWS Signature Version 4, written apart from the product's signer
// (apps/server/src/lib/sigv4.ts) on purpose: a mistake shared by both would
// pass every test. It rebuilds the canonical request from the request as it arrived, with the
// secret the fake holds for the key, and compares signatures the way AWS does.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A key the fake knows: its secret, and for temporary keys their token and expiry. */
export type KnownKey = { secret: string; sessionToken?: string; expiresAt?: number };

export type SignedBy = { accessKeyId: string; service: string; region: string };

/** Why AWS refuses the request, in its words (the envelope is the service's). */
export type Refusal = { status: number; code: string; message: string };

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
/** AWS allows a signature made up to 5 minutes before or after its own clock [reference: MEM]. */
const SKEW_MS = 5 * 60_000;

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const mac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Percent-encoding with exactly the unreserved characters of RFC 3986 left as they are. */
function strictEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, '%20'));
  } catch {
    return text;
  }
}

function parseAmzDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
}

const refusal = (status: number, code: string, message: string): Refusal => ({
  status,
  code,
  message,
});

export const INVALID_KEY_MESSAGE = 'The security token included in the request is invalid.';

export function checkSignature(request: {
  method: string;
  /** The request target as sent: path and query string. */
  target: string;
  headers: IncomingHttpHeaders;
  body: string | Buffer;
  keys: (accessKeyId: string) => KnownKey | null;
  now: number;
}): SignedBy | Refusal {
  const auth = request.headers.authorization;
  if (!auth)
    return refusal(403, 'MissingAuthenticationToken', 'Request is missing Authentication Token');
  const m = AUTH.exec(auth);
  if (!m)
    return refusal(
      400,
      'IncompleteSignature',
      'Authorization header requires Credential, SignedHeaders and Signature.',
    );
  const [, accessKeyId = '', day = '', region = '', service = '', signedList = '', signature = ''] =
    m;
  const key = request.keys(accessKeyId);
  if (!key) return refusal(403, 'InvalidClientTokenId', INVALID_KEY_MESSAGE);
  const token = request.headers['x-amz-security-token'];
  if (key.sessionToken !== undefined || token !== undefined) {
    if (token !== key.sessionToken)
      return refusal(403, 'InvalidClientTokenId', INVALID_KEY_MESSAGE);
    if (key.expiresAt !== undefined && key.expiresAt <= request.now) {
      return refusal(400, 'ExpiredToken', 'The security token included in the request is expired');
    }
  }
  const dateHeader = String(request.headers['x-amz-date'] ?? '');
  const signedAt = parseAmzDate(dateHeader);
  if (signedAt === null)
    return refusal(400, 'IncompleteSignature', 'Missing or malformed X-Amz-Date.');
  // AWS's code for a request signed too long ago or ahead [reference: MEM].
  if (Math.abs(request.now - signedAt) > SKEW_MS) {
    return refusal(400, 'RequestExpired', `Request has expired. Timestamp date is ${dateHeader}`);
  }
  const signed = signedList.split(';');
  if (
    dateHeader.slice(0, 8) !== day ||
    !signed.includes('host') ||
    !signed.includes('x-amz-date')
  ) {
    return refusal(
      403,
      'SignatureDoesNotMatch',
      'Credential date or signed headers do not match the request.',
    );
  }
  const [rawPath = '/', rawQuery = ''] = request.target.split(/\?(.*)/s);
  const path =
    service === 's3'
      ? rawPath
      : rawPath
          .split('/')
          .map((segment) => strictEncode(segment))
          .join('/');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k = '', v = ''] = pair.split(/=(.*)/s);
      return `${strictEncode(decodeComponent(k))}=${strictEncode(decodeComponent(v))}`;
    })
    // Encoded names and values hold no '=' or '&': sorting the pairs sorts by name, then value.
    .sort((a, b) => {
      const [an = '', av = ''] = a.split('=');
      const [bn = '', bv = ''] = b.split('=');
      return an === bn ? (av < bv ? -1 : av > bv ? 1 : 0) : an < bn ? -1 : 1;
    })
    .join('&');
  const headerLines = signed.map((name) => {
    const value = request.headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${text.trim().split(/\s+/).join(' ')}\n`;
  });
  let payloadHash = hex(request.body);
  if (service === 's3') {
    const claimed = String(request.headers['x-amz-content-sha256'] ?? '');
    if (claimed !== payloadHash && claimed !== 'UNSIGNED-PAYLOAD') {
      return refusal(
        400,
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 header does not match what was computed.',
      );
    }
    payloadHash = claimed;
  }
  const canonical = [
    request.method,
    path,
    query,
    headerLines.join(''),
    signedList,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${dateHeader}\n${scope}\n${hex(canonical)}`;
  let k: Buffer = mac(`AWS4${key.secret}`, day);
  for (const part of [region, service, 'aws4_request']) k = mac(k, part);
  const expected = Buffer.from(createHmac('sha256', k).update(toSign).digest('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
  }
  return { accessKeyId, service, region };
}

export const isRefusal = (r: SignedBy | Refusal): r is Refusal => 'code' in r;
