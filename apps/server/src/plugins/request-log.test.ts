import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../../test/test-app';
import { loggableUrl } from './request-log';

describe('the URL a request is logged with', () => {
  it('leaves out the query of sign-in callbacks', () => {
    expect(loggableUrl('/api/auth/google/callback?code=abc&state=xyz')).toBe(
      '/api/auth/google/callback?[redacted]',
    );
    expect(loggableUrl('/API/auth/microsoft/Callback/?state=xyz')).toBe(
      '/API/auth/microsoft/Callback/?[redacted]',
    );
    // Whatever the path looks like, the callback route's own URL is redacted.
    expect(
      loggableUrl('/api/auth/google/%63allback?code=abc', '/api/auth/:provider/callback'),
    ).toBe('/api/auth/google/%63allback?[redacted]');
  });

  it('leaves out the query of connect callbacks and unsubscribe links', () => {
    for (const path of [
      '/api/google/integrate/callback',
      '/api/microsoft/integration/callback',
      '/api/facebook/callback',
      '/api/mail/unsubscribe',
      '/unsubscribe',
      '/%75nsubscribe',
      '/api/Facebook/Callback/',
    ]) {
      expect(loggableUrl(`${path}?code=abc&token=xyz`)).toBe(`${path}?[redacted]`);
    }
    expect(loggableUrl('/api/google/%69ntegrate/callback?code=abc')).toBe(
      '/api/google/%69ntegrate/callback?[redacted]',
    );
  });

  it('drops the token of a shared report’s link from its path, page and API alike', () => {
    const token = 'Abc_-123'.repeat(5).slice(0, 43);
    expect(loggableUrl(`/shared/${token}`)).toBe('/shared/[redacted]');
    expect(loggableUrl(`/api/shared-reports/${token}/pdf`)).toBe(
      '/api/shared-reports/[redacted]/pdf',
    );
    expect(loggableUrl(`/api/shared-reports/${token}?x=1`)).toBe(
      '/api/shared-reports/[redacted]?x=1',
    );
    expect(loggableUrl('/api/report-shares')).toBe('/api/report-shares');
  });

  it('keeps other URLs whole', () => {
    expect(loggableUrl('/api/actions?scope=mine')).toBe('/api/actions?scope=mine');
    expect(loggableUrl('/api/auth/google/login?returnTo=%2Ftasks')).toBe(
      '/api/auth/google/login?returnTo=%2Ftasks',
    );
    expect(loggableUrl('/api/auth/google/callback')).toBe('/api/auth/google/callback');
  });
});

describe.each(databaseKinds())('the log of a sign-in callback on %s', (kind) => {
  const lines: string[] = [];
  const server = useTestApp(kind, {
    env: { LOG_LEVEL: 'info' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  });

  it('holds neither the code nor the state', async () => {
    lines.length = 0;
    const code = 'CODE-4f1b7e9a';
    const state = 'STATE-9c2d5e1f';
    const answered = await server().inject({
      url: `/api/auth/google/callback?code=${code}&state=${state}&scope=openid`,
    });
    expect(answered.statusCode).toBe(302);
    const refused = await server().inject({
      url: `/api/auth/microsoft/callback?error=access_denied&state=${state}`,
    });
    expect(refused.headers.location).toBe('/?signInError=cancelled');

    const log = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const urls = log.flatMap((entry) => {
      const req = entry.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toEqual([
      '/api/auth/google/callback?[redacted]',
      '/api/auth/microsoft/callback?[redacted]',
    ]);
    expect(log.map((entry) => entry.msg)).toContain('the identity provider refused the sign-in');
    for (const line of lines) {
      expect(line).not.toContain(code);
      expect(line).not.toContain(state);
    }
  });

  it('holds neither the code of a connect callback nor the token of an unsubscribe link', async () => {
    lines.length = 0;
    const secret = 'SECRET-7a3e9b2c';
    const urls = [
      `/api/google/integrate/callback?code=${secret}&state=${secret}`,
      `/api/microsoft/integration/callback?code=${secret}&state=${secret}`,
      `/api/facebook/callback?code=${secret}&state=${secret}`,
      `/api/mail/unsubscribe?token=${secret}`,
      `/unsubscribe?token=${secret}`,
    ];
    for (const url of urls) await server().inject({ url });
    await server().inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${secret}` });
    const logged = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(logged).toHaveLength(urls.length + 1);
    for (const url of logged) expect(url).toMatch(/\?\[redacted\]$/);
    for (const line of lines) expect(line).not.toContain(secret);
  });
});
