import { describe, expect, it } from 'vitest';
import {
  judgeCookies,
  judgeCors,
  judgeCsp,
  judgeFraming,
  judgeHsts,
  judgeReferrerPolicy,
} from './header-checks';
import type { HttpResponse } from './http-probe';

const response = (headers: [string, string][]): HttpResponse => ({
  url: 'https://example.com/',
  status: 200,
  headers: {},
  rawHeaders: headers.flat(),
  body: '',
  tls: { authorized: true, authorizationError: null },
});
const ids = (findings: { id: string }[]) => findings.map((f) => f.id);

describe('header judgements', () => {
  it.each([
    [[], 'hsts.missing'],
    [[['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload']], 'hsts.valid'],
    [[['Strict-Transport-Security', 'max-age="31536000"']], 'hsts.valid'],
    [[['Strict-Transport-Security', 'max-age=20000000']], 'hsts.under-a-year'],
    [[['Strict-Transport-Security', 'max-age=86400']], 'hsts.short'],
    [[['Strict-Transport-Security', 'max-age=0']], 'hsts.disabled'],
    [[['Strict-Transport-Security', 'includeSubDomains']], 'hsts.invalid'],
    [
      [
        ['Strict-Transport-Security', 'max-age=31536000'],
        ['Strict-Transport-Security', 'max-age=31536000'],
      ],
      'hsts.invalid',
    ],
  ] as [[string, string][], string][])('HSTS %j → %s', (headers, id) => {
    expect(ids(judgeHsts(response(headers)))).toEqual([id]);
  });

  it.each([
    [[], 'csp.missing'],
    [[['Content-Security-Policy-Report-Only', "default-src 'self'"]], 'csp.report-only'],
    [[['Content-Security-Policy', "default-src 'self'"]], 'csp.restricts-scripts'],
    [
      [
        [
          'Content-Security-Policy',
          "script-src 'nonce-abc' 'unsafe-inline' 'strict-dynamic' https:",
        ],
      ],
      'csp.restricts-scripts',
    ],
    [
      [['Content-Security-Policy', "default-src 'self'; script-src 'self' 'unsafe-inline'"]],
      'csp.unsafe-scripts',
    ],
    [[['Content-Security-Policy', 'default-src https:']], 'csp.unsafe-scripts'],
    [[['Content-Security-Policy', "img-src 'self'"]], 'csp.unsafe-scripts'],
    [[['Content-Security-Policy', "default-src 'self' 'unsafe-eval'"]], 'csp.unsafe-eval'],
  ] as [[string, string][], string][])('CSP %j → %s', (headers, id) => {
    expect(ids(judgeCsp(response(headers)))).toEqual([id]);
  });

  it('takes framing protection from CSP frame-ancestors or X-Frame-Options', () => {
    expect(
      ids(judgeFraming(response([['Content-Security-Policy', "frame-ancestors 'self'"]]))),
    ).toEqual(['framing.frame-ancestors']);
    expect(ids(judgeFraming(response([['X-Frame-Options', 'sameorigin']])))).toEqual([
      'framing.x-frame-options',
    ]);
    expect(
      ids(judgeFraming(response([['X-Frame-Options', 'ALLOW-FROM https://a.example']]))),
    ).toEqual(['framing.invalid']);
    expect(ids(judgeFraming(response([])))).toEqual(['framing.missing']);
  });

  it('applies the last Referrer-Policy value a browser knows', () => {
    expect(
      ids(judgeReferrerPolicy(response([['Referrer-Policy', 'unsafe-url, no-referrer, made-up']]))),
    ).toEqual(['referrer-policy.private']);
    expect(
      ids(judgeReferrerPolicy(response([['Referrer-Policy', 'no-referrer-when-downgrade']]))),
    ).toEqual(['referrer-policy.leaky']);
    expect(judgeReferrerPolicy(response([]))[0]?.status).toBe('info');
  });

  it('judges cookies by their flags and names', () => {
    const cookies = (...values: string[]) => [
      response(values.map((v) => ['Set-Cookie', v] as [string, string])),
    ];
    expect(ids(judgeCookies(cookies('sessionid=1; Secure; HttpOnly; SameSite=Strict')))).toEqual([
      'cookies.protected',
    ]);
    expect(ids(judgeCookies(cookies('PHPSESSID=1; Secure')))).toEqual([
      'cookies.session-unprotected',
      'cookies.no-samesite',
    ]);
    expect(ids(judgeCookies(cookies('theme=dark')))).toEqual(['cookies.insecure']);
    expect(judgeCookies(cookies())[0]?.status).toBe('info');
  });

  it('flags CORS that echoes any origin with credentials', () => {
    const origin = 'https://probe.invalid';
    const cors = (value: string, credentials: boolean) =>
      response([
        ['Access-Control-Allow-Origin', value],
        ...(credentials ? [['Access-Control-Allow-Credentials', 'true'] as [string, string]] : []),
      ]);
    expect(ids(judgeCors(cors(origin, true), origin))).toEqual([
      'cors.reflects-origin-with-credentials',
    ]);
    expect(judgeCors(cors(origin, false), origin)[0]?.status).toBe('info');
    expect(ids(judgeCors(cors('*', false), origin))).toEqual(['cors.restricted']);
    expect(ids(judgeCors(response([]), origin))).toEqual(['cors.restricted']);
  });
});
