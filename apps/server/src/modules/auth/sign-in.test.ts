import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, useTestApp } from '../../../test/test-app';

const NEWCOMER = 'new.joiner@brightwave.example';

import { organizations, users } from '../../db/schema';
import { identityFromClaims, SignInRefused, signInWithIdentity } from './sign-in';

const TENANT = '11111111-2222-3333-4444-555555555555';
const google = (email: string, extra: Record<string, unknown> = {}) => ({
  sub: `g-${email}`,
  email,
  email_verified: true,
  hd: email.split('@')[1],
  given_name: 'Pat',
  family_name: 'Lee',
  ...extra,
});
const microsoft = (email: string, extra: Record<string, unknown> = {}) => ({
  sub: `m-${email}`,
  preferred_username: email,
  tid: TENANT,
  xms_edov: true,
  name: 'Sam Taylor Jones',
  ...extra,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof SignInRefused ? err.reason : String(err);
  }
  return 'accepted';
};

describe('identityFromClaims', () => {
  it('reads a Google Workspace account', () => {
    expect(
      identityFromClaims('google', google('Pat.Lee@Acme.test', { picture: 'https://img/p.png' })),
    ).toEqual({
      provider: 'google',
      subject: 'g-Pat.Lee@Acme.test',
      email: 'pat.lee@acme.test',
      domain: 'acme.test',
      firstName: 'Pat',
      lastName: 'Lee',
      pictureUrl: 'https://img/p.png',
      domainVerified: true,
      tenantId: null,
    });
  });

  it('refuses consumer addresses, unverified Google domains and accounts without e-mail', () => {
    expect(refusal(() => identityFromClaims('google', google('joe@gmail.com')))).toBe(
      'consumer-domain',
    );
    expect(
      refusal(() => identityFromClaims('google', google('pat@acme.test', { hd: undefined }))),
    ).toBe('unverified-domain');
    expect(
      refusal(() =>
        identityFromClaims('google', google('pat@acme.test', { email_verified: false })),
      ),
    ).toBe('unverified-domain');
    expect(
      refusal(() => identityFromClaims('google', google('pat@acme.test', { hd: 'other.test' }))),
    ).toBe('unverified-domain');
    expect(refusal(() => identityFromClaims('google', { sub: 'x' }))).toBe('no-email');
  });

  it('reads a Microsoft work account and refuses personal Microsoft accounts', () => {
    const identity = identityFromClaims('microsoft', microsoft('sam@contoso.test'));
    expect(identity).toMatchObject({
      email: 'sam@contoso.test',
      tenantId: TENANT,
      firstName: 'Sam',
      lastName: 'Taylor Jones',
    });
    const personal = microsoft('sam@contoso.test', { tid: '9188040d-6c67-4c5b-b112-36a304b66dad' });
    expect(refusal(() => identityFromClaims('microsoft', personal))).toBe('consumer-domain');
    expect(
      refusal(() =>
        identityFromClaims('microsoft', microsoft('sam@contoso.test', { tid: undefined })),
      ),
    ).toBe('consumer-domain');
  });
});

describe.each(databaseKinds())('signInWithIdentity on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const db = () => server().database.db;
  const signIn = (provider: 'google' | 'microsoft', claims: Record<string, unknown>) =>
    signInWithIdentity(db(), identityFromClaims(provider, claims));
  const userOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

  it('keeps a removed member out until an administrator invites them again', async () => {
    const brightwave = { hd: 'brightwave.example' };
    const ben = await signIn('google', google(BEN, brightwave));
    const alice = await server().signIn(ALICE);
    const removed = await server().inject({
      method: 'DELETE',
      url: `/api/users/${ben.id}`,
      headers: { cookie: alice },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    await expect(signIn('google', google(BEN, brightwave))).rejects.toMatchObject({
      reason: 'removed',
    });
    await expect(signIn('microsoft', microsoft(BEN))).rejects.toMatchObject({ reason: 'removed' });
    expect(await db().select().from(users).where(eq(users.email, BEN))).toEqual([]);
    // Others of the domain still join as members.
    expect((await userOf((await signIn('google', google(NEWCOMER, brightwave))).id))?.role).toBe(
      'user',
    );

    const invited = await server().inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: alice },
      payload: { email: BEN },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const back = await signIn('google', google(BEN, brightwave));
    expect(back.id).toBe(invited.json().id);
  });

  it('makes the first user of a new domain the admin of a registering organisation, the next a member', async () => {
    const first = await signIn('google', google('first@newco.test'));
    expect(first.createdOrganization).toBe(true);
    const [org] = await db()
      .select()
      .from(organizations)
      .where(eq(organizations.id, first.organizationId));
    expect(org).toMatchObject({ domain: 'newco.test', status: 'PENDING', workspace: 'google' });
    expect(await userOf(first.id)).toMatchObject({
      role: 'admin',
      firstName: 'Pat',
      lastName: 'Lee',
    });

    const second = await signIn('google', google('second@newco.test'));
    expect(second).toMatchObject({
      organizationId: first.organizationId,
      createdOrganization: false,
    });
    expect((await userOf(second.id))?.role).toBe('user');
  });

  it('signs an existing user in again by their provider identity, also from another provider', async () => {
    const a = await signIn('google', google('alice.morgan@brightwave.example'));
    const b = await signIn('google', google('alice.morgan@brightwave.example'));
    expect(b.id).toBe(a.id);
    expect((await userOf(a.id))?.role).toBe('admin');
    expect((await userOf(a.id))?.lastSignInAt).toBeInstanceOf(Date);
  });

  it('binds an organisation to its Microsoft tenant and refuses other tenants', async () => {
    const founder = await signIn('microsoft', microsoft('it@tenantco.test'));
    expect(founder.createdOrganization).toBe(true);
    const [org] = await db()
      .select({ workspace: organizations.workspace })
      .from(organizations)
      .where(eq(organizations.id, founder.organizationId));
    expect(org?.workspace).toBe('microsoft');
    const intruder = microsoft('mallory@tenantco.test', {
      tid: '99999999-2222-3333-4444-555555555555',
    });
    await expect(signIn('microsoft', intruder)).rejects.toMatchObject({
      reason: 'tenant-mismatch',
    });
    // Without the domain-verified claim, only the bound tenant is trusted.
    const member = await signIn(
      'microsoft',
      microsoft('colleague@tenantco.test', { xms_edov: false }),
    );
    expect(member.organizationId).toBe(founder.organizationId);
    await expect(
      signIn('microsoft', microsoft('x@unbound.test', { xms_edov: false })),
    ).rejects.toMatchObject({ reason: 'unverified-domain' });
  });
});
