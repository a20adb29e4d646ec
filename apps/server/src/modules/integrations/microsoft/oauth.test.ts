import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeMicrosoft,
  startFakeMicrosoft,
} from '../../../../test/fakes/microsoft/fake-microsoft';
import {
  FAKE_REDIRECT_URI,
  fakeMicrosoftConfig,
} from '../../../../test/fakes/microsoft/graph-session';
import {
  exchangeMicrosoftCode,
  M365_SCOPES,
  type MicrosoftApiError,
  type MicrosoftClientConfig,
  microsoftAuthorizeUrl,
  missingM365Scopes,
  refreshMicrosoftToken,
} from '.';

const ADMIN = 'ada.admin@contoso.test';
const MEMBER = 'mo.member@contoso.test';
const VERIFIER = 'verifier-0123456789-0123456789-0123456789-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const G = 'https://graph.microsoft.com/';

let microsoft: FakeMicrosoft;
let cfg: MicrosoftClientConfig;
beforeAll(async () => {
  microsoft = await startFakeMicrosoft({
    redirectUris: [FAKE_REDIRECT_URI],
    tenant: { domain: 'contoso.test', users: [{ email: ADMIN, isAdmin: true }, { email: MEMBER }] },
  });
  cfg = fakeMicrosoftConfig(microsoft);
});
afterAll(() => microsoft.close());

/** Follows the authorize URL through the fake's consent form; returns the callback's query. */
async function connect(
  url: string,
  { email = ADMIN, uncheck = [] as string[] } = {},
): Promise<URLSearchParams> {
  const page = await (await fetch(url)).text();
  const interaction = /name="interaction" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
  const scopes = [...page.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1] ?? '');
  const account = microsoft.tenant().users.find((u) => u.mail === email)?.id ?? '';
  const form = new URLSearchParams({ interaction, account, action: 'accept', orgConsent: 'on' });
  for (const s of scopes.filter((s) => !uncheck.includes(s))) form.append('scope', s);
  const res = await fetch(new URL(action, microsoft.url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return new URL(res.headers.get('location') ?? '').searchParams;
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: MicrosoftApiError) => ({ kind: err.kind, code: err.code, name: err.name }),
  );
const authorize = (loginHint = ADMIN) =>
  microsoftAuthorizeUrl(cfg, {
    tenant: 'organizations',
    state: 's1',
    codeChallenge: CHALLENGE,
    loginHint,
  });

describe('Microsoft OAuth client', () => {
  it('builds the authorize URL on login.microsoftonline.com, or the base URL with the same path', () => {
    const real = new URL(
      microsoftAuthorizeUrl(
        { ...cfg, baseUrl: null },
        { tenant: 'organizations', state: 'st', codeChallenge: 'ch' },
      ),
    );
    expect(`${real.origin}${real.pathname}`).toBe(
      'https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize',
    );
    expect(Object.fromEntries(real.searchParams)).toEqual({
      client_id: cfg.clientId,
      response_type: 'code',
      redirect_uri: FAKE_REDIRECT_URI,
      response_mode: 'query',
      scope: M365_SCOPES.join(' '),
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      prompt: 'consent',
    });
    expect(real.search).not.toContain('+');
    expect(new URL(authorize()).origin).toBe(microsoft.url);
    expect(M365_SCOPES).not.toContain(`${G}Reports.Read.All`);
  });

  it('exchanges the code of an admin’s consent for a grant with a refresh token and every scope', async () => {
    const back = await connect(authorize());
    expect(back.get('state')).toBe('s1');
    const grant = await exchangeMicrosoftCode(cfg, {
      tenant: 'organizations',
      code: back.get('code') ?? '',
      verifier: VERIFIER,
    });
    expect(grant.refreshToken).toEqual(expect.any(String));
    expect(grant.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect(missingM365Scopes(grant.scopes)).toEqual([]);
    const again = await refreshMicrosoftToken(cfg, {
      tenant: microsoft.tenant().id,
      refreshToken: grant.refreshToken ?? '',
    });
    expect(again.refreshToken).not.toBe(grant.refreshToken);
    expect(again.accessToken).not.toBe(grant.accessToken);
  });

  it('reports an unticked scope as missing, whatever its case or prefix', async () => {
    const back = await connect(authorize(), { uncheck: [`${G}AuditLog.Read.All`] });
    const grant = await exchangeMicrosoftCode(cfg, {
      tenant: 'organizations',
      code: back.get('code') ?? '',
      verifier: VERIFIER,
    });
    expect(missingM365Scopes(grant.scopes)).toEqual([`${G}AuditLog.Read.All`]);
    expect(
      missingM365Scopes(['user.read.all', 'AUDITLOG.READ.ALL', `${G}policy.read.all`]),
    ).toEqual([`${G}Directory.Read.All`]);
  });

  it('gives invalid_token for a wrong PKCE verifier, a used code, and an expired refresh token', async () => {
    const code = (await connect(authorize())).get('code') ?? '';
    expect(
      await failureOf(
        exchangeMicrosoftCode(cfg, { tenant: 'organizations', code, verifier: 'nope-'.repeat(10) }),
      ),
    ).toEqual({ kind: 'invalid_token', code: 'invalid_grant', name: 'MicrosoftApiError' });
    expect(
      await failureOf(
        exchangeMicrosoftCode(cfg, { tenant: 'organizations', code, verifier: VERIFIER }),
      ),
    ).toMatchObject({ kind: 'invalid_token', code: 'invalid_grant' });
    const grant = microsoft.issueGrant({ email: ADMIN });
    microsoft.expireTokens();
    const refused = refreshMicrosoftToken(cfg, {
      tenant: 'organizations',
      refreshToken: grant.refreshToken ?? '',
    });
    await expect(refused).rejects.toThrow(/AADSTS700082/);
  });

  it('gives failed for a wrong client secret (our own set-up)', async () => {
    const grant = microsoft.issueGrant({ email: ADMIN });
    expect(
      await failureOf(
        refreshMicrosoftToken(
          { ...cfg, clientSecret: 'wrong' },
          { tenant: 'organizations', refreshToken: grant.refreshToken ?? '' },
        ),
      ),
    ).toMatchObject({ kind: 'failed', code: 'invalid_client' });
  });

  it('sends a non-admin asking for admin-restricted scopes back with consent_required', async () => {
    microsoft.reset();
    const back = await connect(authorize(MEMBER), { email: MEMBER });
    expect(back.get('error')).toBe('consent_required');
    expect(back.get('error_description')).toMatch(/^AADSTS65001/);
    expect(back.get('state')).toBe('s1');
  });

  it('retries a token endpoint answering 503, then gives unavailable', async () => {
    const grant = microsoft.issueGrant({ email: ADMIN });
    const retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 1000 };
    microsoft.failNext('/organizations/oauth2/v2.0/token', 503);
    await refreshMicrosoftToken(cfg, {
      tenant: 'organizations',
      refreshToken: grant.refreshToken ?? '',
      retry,
    });
    microsoft.failNext('/organizations/oauth2/v2.0/token', 503, { times: 2 });
    expect(
      await failureOf(
        refreshMicrosoftToken(cfg, {
          tenant: 'organizations',
          refreshToken: grant.refreshToken ?? '',
          retry,
        }),
      ),
    ).toMatchObject({ kind: 'unavailable' });
  });
});
