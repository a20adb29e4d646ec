import { describe, expect, it } from 'vitest';
import { buildTenant } from './tenant';

const base = { domain: 'crowd.test', seed: 7, userCount: 300, now: new Date('2025-03-01') };

describe('a generated tenant with devices and app consents', () => {
  const tenant = buildTenant({ ...base, deviceCount: 150, appCount: 12 });

  it('gives the devices to the generated members', () => {
    const devices = tenant.managedDevices ?? [];
    expect(devices).toHaveLength(150);
    const members = new Map(tenant.users.map((u) => [u.id, u]));
    expect(
      devices.every((d) => d.userId !== null && members.get(d.userId)?.userType === 'Member'),
    ).toBe(true);
  });

  it('has people consent to 1 to 3 apps each, and an administrator to two for everyone', () => {
    const grants = tenant.permissionGrants ?? [];
    expect(tenant.servicePrincipals).toHaveLength(12);
    expect(grants.filter((g) => g.consentType === 'AllPrincipals')).toHaveLength(2);
    const perPerson = new Map<string, number>();
    for (const g of grants) {
      if (g.principalId) perPerson.set(g.principalId, (perPerson.get(g.principalId) ?? 0) + 1);
    }
    expect(Math.min(...perPerson.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perPerson.values())).toBeLessThanOrEqual(3);
  });

  it('leaves the rest of the tenant as it is without them', () => {
    const plain = buildTenant(base);
    expect(tenant.users).toEqual(plain.users);
    expect(tenant.signIns).toEqual(plain.signIns);
    expect(plain.managedDevices).toEqual([]);
    expect(plain.permissionGrants).toEqual([]);
  });
});
