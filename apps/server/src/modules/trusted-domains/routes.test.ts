import { DISALLOWED_DOMAIN_ON_SAVE } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import { connectWithFacts } from '../../../test/integration-test-kit';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { organizations } from '../../db/schema';
import { trustedDomainEntryMessage } from '../allow-list/service';
import type { StoredGoogleFacts } from '../integrations/google/verdicts';

const URL = '/api/settings/trusted-domains';

/** A finished Google Workspace sync that found two of Alice's files shared outside. */
const facts = (): StoredGoogleFacts => ({
  userCount: 2,
  superAdminCount: 1,
  usersWithout2Sv: 0,
  memberMfa: { [ALICE]: { enrolled: true, enforced: true } },
  staleUsers: [],
  policies: {
    twoStepEnforced: true,
    externalSharingMode: 'ALLOWED',
    autoForwardingEnabled: null,
    passwordPolicy: null,
  },
  failedLogins30d: 0,
  blockedSpam: 0,
  externalShares: [
    {
      fileId: 'file-for-partner-1',
      title: 'Joint proposal',
      owner: ALICE,
      sharedWith: { type: 'user', email: 'kim@partner-agency.com' },
      sharedAt: '2026-11-21T10:00:00.000Z',
    },
    {
      fileId: 'file-for-domain-1',
      title: 'Price list',
      owner: ALICE,
      sharedWith: { type: 'domain', domain: 'partner-agency.com' },
      sharedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      fileId: 'file-for-anyone-1',
      title: 'Flyer',
      owner: ALICE,
      sharedWith: { type: 'anyone' },
      sharedAt: '2026-11-19T10:00:00.000Z',
    },
  ],
});

describe.each(databaseKinds())('the trusted domains API on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const get = async (cookie: string) => server().inject({ url: URL, headers: { cookie } });
  const put = async (cookie: string, trustedDomains: unknown) =>
    server().inject({ method: 'PUT', url: URL, headers: { cookie }, payload: { trustedDomains } });
  const organizationOf = async (domain: string) => {
    const [row] = await server()
      .database.db.select({ id: organizations.id, trusted: organizations.trustedDomains })
      .from(organizations)
      .where(eq(organizations.domain, domain));
    if (!row) throw new Error(`no organisation ${domain}`);
    return row;
  };

  it('starts empty; members read it, only administrators change it', async () => {
    const ben = await server().signIn(BEN);
    expect((await get(ben)).json()).toEqual({ trustedDomains: [], editable: false });
    expectError(await put(ben, ['partner-agency.com']), 403);
    const alice = await server().signIn(ALICE);
    expect((await get(alice)).json()).toEqual({ trustedDomains: [], editable: true });
  });

  it('saves the list normalised, sorted and without duplicates, and audits the change', async () => {
    const alice = await server().signIn(ALICE);
    const res = await put(alice, [' Partner-Agency.COM ', 'bücher.de', 'partner-agency.com']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      trustedDomains: ['partner-agency.com', 'xn--bcher-kva.de'],
      editable: true,
    });
    expect((await get(await server().signIn(BEN))).json().trustedDomains).toEqual([
      'partner-agency.com',
      'xn--bcher-kva.de',
    ]);
    await put(alice, ['partner-agency.com']);
    const events = await auditRows(server, 'trusted_domains.updated');
    expect(events.map((e) => e.details)).toEqual([
      { added: ['partner-agency.com', 'xn--bcher-kva.de'], removed: [] },
      { added: [], removed: ['xn--bcher-kva.de'] },
    ]);
    // Saving the same list again changes nothing and records nothing.
    await put(alice, ['partner-agency.com']);
    expect(await auditRows(server, 'trusted_domains.updated')).toHaveLength(2);
  });

  it.each([
    [['partner-agency.com', 'Gmail.com'], DISALLOWED_DOMAIN_ON_SAVE],
    [['hotmail.co.uk'], DISALLOWED_DOMAIN_ON_SAVE],
    [['brightwave.example'], /brightwave\.example is your organisation's own domain/],
    [['mail.brightwave.example'], /own domain/],
    [['https://partner.com/path'], /without a port, path or user name/],
    [['10.0.0.1'], /not an IP address/],
    [['intranet'], /full domain name with a dot/],
    [['bad_name.com'], /is not a domain name/],
    [['', 'partner.com'], /Enter a domain/],
    [Array.from({ length: 51 }, (_, i) => `partner${i}.com`), /at most 50 trusted domains/],
    ['partner.com', /Invalid input/],
  ])('refuses %j with a 400 and keeps the list as it was', async (list, message) => {
    const alice = await server().signIn(ALICE);
    await put(alice, ['kept.com']);
    expect(expectError(await put(alice, list), 400)).toMatch(message);
    expect((await get(alice)).json().trustedDomains).toEqual(['kept.com']);
  });

  it('accepts reserved names only for demo organisations, and never crosses organisations', async () => {
    const alice = await server().signIn(ALICE);
    expect((await put(alice, ['northlight.example'])).statusCode).toBe(200);
    // Test login signs in demo users only: Noah signs in before his organisation stops being one.
    const noah = await server().signIn(NOAH);
    const northfield = await organizationOf('northfield.example');
    await server()
      .database.db.update(organizations)
      .set({ isDemo: false })
      .where(eq(organizations.id, northfield.id));
    expect(expectError(await put(noah, ['northlight.example']), 400)).toMatch(
      'northlight.example is not a public host name: names under .example never are.',
    );
    expect((await get(noah)).json().trustedDomains).toEqual([]);
    expect((await organizationOf('brightwave.example')).trusted).toEqual(['northlight.example']);
  });

  describe('counts trusted domains as internal', () => {
    const sharesOf = async (cookie: string) =>
      (
        await server().inject({
          url: '/api/integrations/google-workspace/external-shares',
          headers: { cookie },
        })
      )
        .json()
        .shares.map((s: { fileId: string }) => s.fileId);
    const sharedLinksTask = async (cookie: string) =>
      (await server().inject({ url: '/api/actions', headers: { cookie } }))
        .json()
        .tasks.find((t: { catalogueId: string }) => t.catalogueId === 'review-shared-links');

    it('in the shares found outside, and in the shared-links task, at once', async () => {
      const alice = await server().signIn(ALICE);
      await connectWithFacts(server(), alice, 'gws', facts());
      await put(alice, []); // judges the sync's facts
      expect(await sharesOf(alice)).toEqual([
        'file-for-partner-1',
        'file-for-domain-1',
        'file-for-anyone-1',
      ]);
      expect(JSON.stringify(await sharedLinksTask(alice))).toMatch(/3 of your files are shared/);

      await put(alice, ['partner-agency.com']);
      expect(await sharesOf(alice)).toEqual(['file-for-anyone-1']);
      expect(JSON.stringify(await sharedLinksTask(alice))).toMatch(/1 of your files is shared/);

      await put(alice, []);
      expect(await sharesOf(alice)).toHaveLength(3);
    });

    it('in the allow-list, which refuses entries a trusted domain already covers', async () => {
      const alice = await server().signIn(ALICE);
      await put(alice, ['partner-agency.com']);
      const add = (value: object) =>
        server().inject({
          method: 'POST',
          url: '/api/integrations/google-workspace/allow-list',
          headers: { cookie: alice },
          payload: [value],
        });
      expect(expectError(await add({ type: 'domain', value: 'Partner-Agency.com' }), 400)).toMatch(
        trustedDomainEntryMessage('partner-agency.com'),
      );
      expect(
        expectError(await add({ type: 'user', value: 'kim@partner-agency.com' }), 400),
      ).toMatch(trustedDomainEntryMessage('partner-agency.com'));
      expect((await add({ type: 'domain', value: 'other-agency.com' })).statusCode).toBe(200);
      const request = await server().inject({
        method: 'POST',
        url: '/api/integrations/google-workspace/allow-list/request',
        headers: { cookie: await server().signIn(BEN) },
        payload: { type: 'domain', value: 'partner-agency.com' },
      });
      expect(expectError(request, 400)).toMatch(trustedDomainEntryMessage('partner-agency.com'));
    });
  });
});
