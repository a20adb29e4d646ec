import { PARTNER_READ_ONLY, type PartnerLink } from '@castellan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import {
  addPartnerOrganization,
  OLIVIA,
  PARTNER,
  PAT,
  PAUL,
  signedInPeople,
} from '../../../test/partner-organization';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';

describe.each(databaseKinds())('partners on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const { cookies, call, signIn } = signedInPeople(server);
  beforeAll(async () => {
    // An IT provider's own organisation: Paul administers it, Pat is a member.
    await addPartnerOrganization(server());
    await signIn([ALICE, BEN, PAUL, PAT, OLIVIA]);
  });
  afterAll(() => cookies.clear());

  const userData = async (as: string) => (await call(as, 'GET', '/api/auth/user-data')).json();
  const memberEmails = async (as: string) =>
    ((await call(as, 'GET', '/api/users')).json().members as { email: string }[]).map(
      (m) => m.email,
    );

  let link: PartnerLink;

  it('lets a client invite a registered organisation by its domain, and refuses what it cannot', async () => {
    expect(
      expectError(
        await call(ALICE, 'POST', '/api/partners', { domain: 'nobody.example', role: 'admin' }),
        404,
      ),
    ).toMatch(/No organisation on nobody\.example uses Castellan/);
    expect(
      expectError(
        await call(ALICE, 'POST', '/api/partners', { domain: 'brightwave.example', role: 'admin' }),
        400,
      ),
    ).toMatch(/your own organisation/);
    expectError(
      await call(ALICE, 'POST', '/api/partners', { domain: PARTNER, role: 'owner' }),
      400,
    );
    expectError(await call(BEN, 'POST', '/api/partners', { domain: PARTNER, role: 'admin' }), 403);

    const invited = await call(ALICE, 'POST', '/api/partners', {
      domain: ` HTTPS://${PARTNER.toUpperCase()}/ `,
      role: 'admin',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    link = invited.json().link;
    expect(link).toMatchObject({
      clientDomain: 'brightwave.example',
      partnerDomain: PARTNER,
      role: 'admin',
      state: 'invited',
      invitedBy: 'Alice Morgan',
    });
    expect(
      expectError(
        await call(ALICE, 'POST', '/api/partners', { domain: PARTNER, role: 'viewer' }),
        409,
      ),
    ).toMatch(/already your partner or invited/);
    expect((await call(ALICE, 'GET', '/api/partners')).json().links).toEqual([link]);
  });

  it('lets the partner’s administrators accept, then open the client as its administrators do', async () => {
    // Not before it is accepted, and never by the partner's members.
    expectError(await call(PAUL, 'POST', `/api/partner/clients/${link.id}/open`), 404);
    expectError(await call(PAT, 'GET', '/api/partner/clients'), 403);
    expectError(await call(PAT, 'POST', `/api/partner/clients/${link.id}/accept`), 403);

    expect((await call(PAUL, 'GET', '/api/partner/clients')).json().links).toEqual([link]);
    const accepted = await call(PAUL, 'POST', `/api/partner/clients/${link.id}/accept`);
    expect(accepted.json().link).toMatchObject({ state: 'active', acceptedAt: expect.any(String) });

    expect(await memberEmails(PAUL)).toEqual(expect.arrayContaining([PAUL, PAT]));
    const opened = await call(PAUL, 'POST', `/api/partner/clients/${link.id}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await userData(PAUL)).toMatchObject({
      email: PAUL,
      role: 'admin',
      companyDomain: 'brightwave.example',
      partner: { linkId: link.id, partnerDomain: PARTNER, role: 'admin' },
    });
    const seen = await memberEmails(PAUL);
    expect(seen).toContain(ALICE);
    expect(seen.every((e) => e.endsWith('@brightwave.example'))).toBe(true);

    // A change made there is the client's, recorded as Paul's with his organisation named.
    const changed = await call(PAUL, 'PUT', '/api/watch/settings', { frequency: 'weekly' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [event] = await auditRows(server, 'watch.frequency_changed');
    const [brightwave] = (await auditRows(server, 'partner.invited')).map((e) => e.organizationId);
    expect(event).toMatchObject({
      organizationId: brightwave,
      actorEmail: PAUL,
      details: { frequency: 'weekly', partner: PARTNER },
    });
    // Except deleting the client: that is for its own administrators alone.
    expect(expectError(await call(PAUL, 'DELETE', '/api/organization'), 403)).toBe(
      'Only the administrators of brightwave.example can delete it.',
    );
    const requests = await auditRows(server, 'partner.request');
    expect(requests.find((r) => r.details?.route === '/api/watch/settings')).toMatchObject({
      organizationId: brightwave,
      actorEmail: PAUL,
      details: { method: 'PUT', route: '/api/watch/settings', status: 200, partner: PARTNER },
    });
  });

  it('keeps a read-only partner from changing anything, while it still looks and moves', async () => {
    const changed = await call(ALICE, 'PUT', `/api/partners/${link.id}`, { role: 'viewer' });
    expect(changed.json().link.role).toBe('viewer');
    // Paul's session is still open in the client: his next write is refused, his reads are not.
    expect(
      expectError(await call(PAUL, 'PUT', '/api/watch/settings', { frequency: 'daily' }), 403),
    ).toBe(PARTNER_READ_ONLY);
    expect(
      expectError(
        await call(PAUL, 'POST', '/api/watch/targets', { name: 'x.brightwave.example' }),
        403,
      ),
    ).toBe(PARTNER_READ_ONLY);
    expect((await call(PAUL, 'GET', '/api/watch')).statusCode).toBe(200);
    expect((await userData(PAUL)).partner.role).toBe('viewer');
    // Only the client's side decides the role.
    expectError(await call(PAUL, 'PUT', `/api/partners/${link.id}`, { role: 'admin' }), 403);

    expect((await call(PAUL, 'POST', '/api/partner/close')).statusCode).toBe(204);
    const back = await userData(PAUL);
    expect(back.companyDomain).toBe(PARTNER);
    expect(back).not.toHaveProperty('partner');
  });

  it('stops access on the next request once the client ends the link', async () => {
    await call(ALICE, 'PUT', `/api/partners/${link.id}`, { role: 'admin' });
    expect((await call(PAUL, 'POST', `/api/partner/clients/${link.id}/open`)).statusCode).toBe(200);
    expect((await userData(PAUL)).companyDomain).toBe('brightwave.example');

    const ended = await call(ALICE, 'DELETE', `/api/partners/${link.id}`);
    expect(ended.json().link).toMatchObject({ state: 'ended', endedAt: expect.any(String) });
    // The same session, the very next request: back in his own organisation, nothing of the client.
    const back = await userData(PAUL);
    expect(back.companyDomain).toBe(PARTNER);
    expect(back).not.toHaveProperty('partner');
    const seen = await memberEmails(PAUL);
    expect(seen.some((e) => e.endsWith('@brightwave.example'))).toBe(false);
    expectError(await call(PAUL, 'POST', `/api/partner/clients/${link.id}/open`), 404);
    expect((await call(PAUL, 'GET', '/api/partner/clients')).json().links).toEqual([]);
    // The client keeps the record of who had access.
    expect((await call(ALICE, 'GET', '/api/partners')).json().links).toEqual([
      expect.objectContaining({ id: link.id, state: 'ended' }),
    ]);
  });

  it('never shows a link to another organisation, nor lets one be opened or ended from there', async () => {
    expect((await call(OLIVIA, 'GET', '/api/partners')).json().links).toEqual([]);
    expect((await call(OLIVIA, 'GET', '/api/partner/clients')).json().links).toEqual([]);
    const again = (
      await call(ALICE, 'POST', '/api/partners', { domain: PARTNER, role: 'admin' })
    ).json().link as PartnerLink;
    expectError(await call(OLIVIA, 'POST', `/api/partner/clients/${again.id}/accept`), 404);
    expectError(await call(OLIVIA, 'POST', `/api/partner/clients/${again.id}/open`), 404);
    expectError(await call(OLIVIA, 'DELETE', `/api/partners/${again.id}`), 404);
    expectError(await call(OLIVIA, 'PUT', `/api/partners/${again.id}`, { role: 'viewer' }), 404);
    // The partner may decline an invitation.
    const declined = await call(PAUL, 'DELETE', `/api/partner/clients/${again.id}`);
    expect(declined.json().link.state).toBe('ended');
  });
});
