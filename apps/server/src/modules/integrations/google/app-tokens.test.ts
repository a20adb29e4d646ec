import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google/fake-google';
import type { TokenSeed } from '../../../../test/fakes/google/tokens';
import { fakeGoogleSession } from '../../../../test/google-api-session';
import { APP_TOKENS_SCOPE, readAppTokens } from './app-tokens';

const DOMAIN = 'acme.test';
const ADMIN = `admin@${DOMAIN}`;
const ANN = `ann@${DOMAIN}`;
const BOB = `bob@${DOMAIN}`;
const G = 'https://www.googleapis.com/auth/';
const CRM = '408151623421-crm.apps.googleusercontent.com';
const CAL = '913320571188-cal.apps.googleusercontent.com';
const TOKENS = (email: string) => `/admin/directory/v1/users/${encodeURIComponent(email)}/tokens`;

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());
beforeEach(() => google.clearRequests());

function world(tokens: TokenSeed[]) {
  google.setWorld({
    domain: DOMAIN,
    systemDefaults: false,
    gmailSpam: {},
    users: [{ email: ADMIN, isAdmin: true }, { email: ANN }, { email: BOB }],
    tokens,
  });
}

const crm = (email: string, scopes: string[]): TokenSeed => ({
  email,
  clientId: CRM,
  displayText: 'Acme CRM',
  scopes,
});

describe('readAppTokens', () => {
  it('adds up each app’s grants over the users, with every scope and how many people', async () => {
    world([
      crm(ANN, [`${G}gmail.readonly`, 'openid']),
      crm(BOB, [`${G}gmail.readonly`, `${G}userinfo.email`]),
      { email: ANN, clientId: CAL, displayText: 'MeetSlot', scopes: [`${G}calendar.events`] },
    ]);
    const apps = await readAppTokens(fakeGoogleSession(google, ADMIN), [ADMIN, ANN, BOB]);
    expect(apps).toEqual({
      state: 'read',
      apps: [
        {
          clientId: CRM,
          name: 'Acme CRM',
          publisher: null,
          scopes: [`${G}gmail.readonly`, `${G}userinfo.email`, 'openid'],
          people: 2,
          everyone: false,
        },
        {
          clientId: CAL,
          name: 'MeetSlot',
          publisher: null,
          scopes: [`${G}calendar.events`],
          people: 1,
          everyone: false,
        },
      ],
    });
    const calls = google.requests().filter((r) => r.path.endsWith('/tokens'));
    expect(calls.map((r) => r.path).sort()).toEqual([TOKENS(ADMIN), TOKENS(ANN), TOKENS(BOB)]);
    expect(calls.every((r) => r.query.fields === 'items(clientId,displayText,scopes)')).toBe(true);
  });

  it('skips a user deleted since the users were listed, and rides out a 429', async () => {
    world([crm(BOB, [`${G}drive.readonly`])]);
    google.failNext(TOKENS(BOB), 429, { retryAfterSeconds: 0 });
    const apps = await readAppTokens(fakeGoogleSession(google, ADMIN), [`gone@${DOMAIN}`, BOB]);
    expect(apps).toMatchObject({ state: 'read', apps: [{ clientId: CRM, people: 1 }] });
    const statuses = google
      .requests()
      .filter((r) => r.path.endsWith('/tokens'))
      .map((r) => `${r.path} ${r.status}`);
    expect(statuses.sort()).toEqual([
      `${TOKENS(BOB)} 200`,
      `${TOKENS(BOB)} 429`,
      `${TOKENS(`gone@${DOMAIN}`)} 404`,
    ]);
  });

  it('is unknown without asking Google when the grant lacks the scope', async () => {
    world([crm(ANN, [`${G}gmail.readonly`])]);
    const api = fakeGoogleSession(google, ADMIN, {
      scopes: [`${G}admin.directory.user.readonly`],
    });
    expect(await readAppTokens(api, [ANN])).toEqual({ state: 'unknown', reason: 'scope-missing' });
    expect(google.requests().filter((r) => r.path.endsWith('/tokens'))).toEqual([]);
  });

  it('is unknown, not a failure, when Google refuses (403)', async () => {
    world([crm(ANN, [`${G}gmail.readonly`])]);
    // A grant of someone who is not an administrator: Google answers 403.
    const api = fakeGoogleSession(google, ANN, { scopes: [APP_TOKENS_SCOPE] });
    expect(await readAppTokens(api, [ADMIN, ANN, BOB])).toEqual({
      state: 'unknown',
      reason: 'refused',
    });
  });

  it('fails as a whole on an expired grant', async () => {
    world([]);
    const api = fakeGoogleSession(google, ADMIN);
    google.revokeAll();
    await expect(readAppTokens(api, [ANN])).rejects.toMatchObject({ kind: 'invalid_token' });
  });
});
