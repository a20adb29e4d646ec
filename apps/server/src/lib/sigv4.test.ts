import { describe, expect, it } from 'vitest';
import { checkSignature, isRefusal } from '../../test/fakes/kit/sigv4-check';
import { canonicalRequest, rfc3986, signingKey, signRequest } from './sigv4';

const NOW = new Date('2015-08-30T12:36:00Z');
const EXAMPLE_KEY = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

describe('signRequest', () => {
  it('gives the signature of AWS’s worked example (IAM ListUsers, 2015-08-30)', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08'),
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: '',
      service: 'iam',
      region: 'us-east-1',
      credentials: EXAMPLE_KEY,
      now: NOW,
    });
    expect(
      signingKey(EXAMPLE_KEY.secretAccessKey, '20150830', 'us-east-1', 'iam').toString('hex'),
    ).toBe('c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
  });

  it('encodes the query strictly and sorts it by name, then value', () => {
    const { text } = canonicalRequest(
      {
        method: 'get',
        url: new URL('https://x.test/a b/?b=2&a=z&a=y%20x&c=*!'),
        body: '',
        service: 'sts',
      },
      { host: 'x.test' },
    );
    const [method, path, query] = text.split('\n');
    expect(method).toBe('GET');
    expect(path).toBe('/a%2520b/');
    expect(query).toBe('a=y%20x&a=z&b=2&c=%2A%21');
    expect(rfc3986("-_.~ +/'")).toBe('-_.~%20%2B%2F%27');
  });

  it('lower-cases header names and collapses the spaces of their values', () => {
    const { text, signedHeaders } = canonicalRequest(
      { method: 'POST', url: new URL('https://x.test/'), body: '', service: 'iam' },
      { 'X-Amz-Date': '20150830T123600Z', Host: 'x.test', 'My-Header': '  a   b  c ' },
    );
    expect(signedHeaders).toBe('host;my-header;x-amz-date');
    expect(text).toContain('host:x.test\nmy-header:a b c\nx-amz-date:20150830T123600Z\n');
  });

  it('signs the session token of temporary credentials, and S3’s payload hash', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('http://127.0.0.1:9/v20180820/configuration/publicAccessBlock'),
      headers: { 'x-amz-account-id': '111122223333' },
      body: '',
      service: 's3',
      region: 'eu-west-2',
      credentials: { ...EXAMPLE_KEY, sessionToken: 'token/+=' },
      now: NOW,
    });
    expect(headers['x-amz-security-token']).toBe('token/+=');
    expect(headers['x-amz-content-sha256']).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(headers.authorization).toContain(
      'SignedHeaders=host;x-amz-account-id;x-amz-content-sha256;x-amz-date;x-amz-security-token,',
    );
    expect(headers.authorization).toContain('/eu-west-2/s3/aws4_request');
  });

  it('makes signatures the fake’s own check accepts, and refuses when anything changes', () => {
    const url = new URL('http://127.0.0.1:4566/?Marker=a%2Fb%3D&MaxItems=2');
    const body = 'Action=ListUsers&Version=2010-05-08';
    const headers = signRequest({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
      service: 'iam',
      region: 'us-east-1',
      credentials: EXAMPLE_KEY,
      now: NOW,
    });
    const check = (over: { body?: string; secret?: string; now?: number }) =>
      checkSignature({
        method: 'POST',
        target: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host },
        body: over.body ?? body,
        keys: (id) =>
          id === 'AKIDEXAMPLE' ? { secret: over.secret ?? EXAMPLE_KEY.secretAccessKey } : null,
        now: over.now ?? NOW.getTime(),
      });
    expect(check({})).toEqual({ accessKeyId: 'AKIDEXAMPLE', service: 'iam', region: 'us-east-1' });
    const tampered = check({ body: `${body}&x=1` });
    expect(isRefusal(tampered) && tampered.code).toBe('SignatureDoesNotMatch');
    const wrongSecret = check({ secret: 'other' });
    expect(isRefusal(wrongSecret) && wrongSecret.code).toBe('SignatureDoesNotMatch');
    const late = check({ now: NOW.getTime() + 6 * 60_000 });
    expect(isRefusal(late) && late.code).toBe('RequestExpired');
  });
});
