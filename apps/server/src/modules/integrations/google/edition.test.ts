import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google/fake-google';
import { BUSINESS_STANDARD, BUSINESS_STARTER } from '../../../../test/fakes/google/licensing';
import type { WorkspaceOptions } from '../../../../test/fakes/google/world';
import { fakeGoogleSession } from '../../../../test/google-api-session';
import { EDITION_NOT_GRANTED, LICENSING_SCOPE, NO_LICENCES, readEdition } from './edition';

const DOMAIN = 'acme.test';
const ADMIN = `admin@${DOMAIN}`;
const BEN = `ben@${DOMAIN}`;
const CLEO = `cleo@${DOMAIN}`;
const USERS_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());

function world(options: Partial<WorkspaceOptions> = {}) {
  google.setWorld({
    domain: DOMAIN,
    systemDefaults: false,
    gmailSpam: {},
    users: [{ email: ADMIN, isAdmin: true }, { email: BEN }, { email: CLEO }],
    ...options,
  });
  google.clearRequests();
}

const read = (scopes?: string[], email = ADMIN) =>
  readEdition(fakeGoogleSession(google, email, scopes ? { scopes } : {}));

const licensingCalls = () => google.requests().filter((r) => r.path.startsWith('/apps/licensing/'));

describe('readEdition', () => {
  it('counts who holds which edition of the customer, by its id', async () => {
    world({ licenses: [{ skuId: BUSINESS_STARTER }] });
    expect(await read()).toEqual({
      editions: [{ skuId: BUSINESS_STARTER, name: 'Google Workspace Business Starter', users: 3 }],
    });
    const [call] = licensingCalls();
    expect(call?.path).toBe('/apps/licensing/v1/product/Google-Apps/users');
    expect(call?.query.customerId).toBe(google.world().customerId);
  });

  it('names mixed editions, the one most users hold first', async () => {
    world({
      licenses: [{ skuId: BUSINESS_STANDARD, emails: [ADMIN] }, { skuId: BUSINESS_STARTER }],
    });
    expect(await read()).toEqual({
      editions: [
        { skuId: BUSINESS_STARTER, name: 'Google Workspace Business Starter', users: 2 },
        { skuId: BUSINESS_STANDARD, name: 'Google Workspace Business Standard', users: 1 },
      ],
    });
  });

  it('reads every page of 1,000 assignments', async () => {
    world({ userCount: 1_200, licenses: [{ skuId: BUSINESS_STANDARD }] });
    expect(await read()).toEqual({
      editions: [
        { skuId: BUSINESS_STANDARD, name: 'Google Workspace Business Standard', users: 1_203 },
      ],
    });
    const pages = licensingCalls();
    expect(pages).toHaveLength(2);
    expect(pages[0]?.query.maxResults).toBe('1000');
    expect(pages[1]?.query.pageToken).toBeTruthy();
  });

  it('asks to reconnect when the grant lacks the licensing scope, without asking Google', async () => {
    world();
    expect(await read([USERS_SCOPE])).toEqual({ editions: null, unknown: EDITION_NOT_GRANTED });
    expect(google.requests()).toEqual([]);
  });

  it('asks to reconnect when Google refuses (403)', async () => {
    world();
    // Granted, but by someone who is not an administrator: Google answers 403.
    expect(await read([USERS_SCOPE, LICENSING_SCOPE], BEN)).toEqual({
      editions: null,
      unknown: EDITION_NOT_GRANTED,
    });
  });

  it('says so when Google lists no Google Workspace licence', async () => {
    world({ licenses: [] });
    expect(await read()).toEqual({ editions: null, unknown: NO_LICENCES });
  });
});
