// AWS's answers in each protocol: Query XML with ResponseMetadata and `ErrorResponse`, JSON 1.1
// with `__type`, and S3 Control's REST-XML (reference §4.3, §4.6, §4.7).
import { randomUUID } from 'node:crypto';
import type { Answer } from '../kit/answers';

export type Protocol = 'query-iam' | 'query-sts' | 'json' | 'rest-xml';

const NAMESPACES = {
  'query-iam': 'https://iam.amazonaws.com/doc/2010-05-08/',
  'query-sts': 'https://sts.amazonaws.com/doc/2011-06-15/',
} as const;

export const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<Name>value</Name>` for each entry; nested arrays of strings are written as they are. */
export const elements = (fields: Record<string, string | number | boolean | null | undefined>) =>
  Object.entries(fields)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `<${k}>${escapeXml(String(v))}</${k}>`)
    .join('');

const xml = (status: number, body: string): Answer => ({
  status,
  body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
  headers: { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() },
});

/** A Query action's success: `<{Action}Response><{Action}Result>inner</…><ResponseMetadata>…`. */
export function queryResult(
  protocol: 'query-iam' | 'query-sts',
  action: string,
  inner: string,
): Answer {
  return xml(
    200,
    `<${action}Response xmlns="${NAMESPACES[protocol]}"><${action}Result>${inner}</${action}Result><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></${action}Response>`,
  );
}

export const restXml = (body: string): Answer => xml(200, body);

export const awsJson = (body: unknown): Answer => ({
  status: 200,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() },
});

/** An error in the protocol's envelope. */
export function awsError(
  protocol: Protocol,
  status: number,
  code: string,
  message: string,
): Answer {
  if (protocol === 'json') {
    return {
      status,
      body: JSON.stringify({ __type: code, message }),
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() },
    };
  }
  if (protocol === 'rest-xml') {
    return xml(
      status,
      `<ErrorResponse><Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId><HostId>fake</HostId></ErrorResponse>`,
    );
  }
  const type = status >= 500 ? 'Receiver' : 'Sender';
  return xml(
    status,
    `<ErrorResponse xmlns="${NAMESPACES[protocol]}"><Error><Type>${type}</Type><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
}

/** JSON 1.1 services name the invalid-key errors differently from Query ones. */
export function refusalIn(
  protocol: Protocol,
  r: { status: number; code: string; message: string },
) {
  const jsonCodes: Record<string, string> = {
    InvalidClientTokenId: 'UnrecognizedClientException',
    SignatureDoesNotMatch: 'InvalidSignatureException',
  };
  const s3Codes: Record<string, string> = { InvalidClientTokenId: 'InvalidAccessKeyId' };
  const code =
    protocol === 'json'
      ? (jsonCodes[r.code] ?? r.code)
      : protocol === 'rest-xml'
        ? (s3Codes[r.code] ?? r.code)
        : r.code;
  return awsError(protocol, r.status, code, r.message);
}
