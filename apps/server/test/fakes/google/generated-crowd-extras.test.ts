import { describe, expect, it } from 'vitest';
import { buildWorkspace } from './world';

const base = { domain: 'crowd.test', seed: 7, userCount: 300, now: '2025-03-01T00:00:00Z' };

describe('a generated workspace with devices and app grants', () => {
  const world = buildWorkspace({ ...base, deviceCount: 120, appCount: 12 });

  it('spreads the devices over the generated people, phones and Chromebooks', () => {
    const mobile = world.mobileDevices ?? [];
    const chromeos = world.chromeosDevices ?? [];
    expect(mobile.length + chromeos.length).toBe(120);
    expect(mobile.length).toBeGreaterThan(chromeos.length);
    const people = new Set(world.users.map((u) => u.primaryEmail));
    expect(mobile.every((d) => d.email.every((e) => people.has(e)))).toBe(true);
    expect(chromeos.every((d) => people.has(d.annotatedUser))).toBe(true);
    expect(new Set(mobile.map((d) => d.resourceId)).size).toBe(mobile.length);
  });

  it('gives each active person 1 to 3 grants of distinct apps', () => {
    const active = world.users.filter((u) => !u.suspended && !u.archived);
    for (const user of active) {
      const tokens = world.tokens?.[user.id] ?? [];
      expect(tokens.length).toBeGreaterThanOrEqual(1);
      expect(tokens.length).toBeLessThanOrEqual(3);
      expect(new Set(tokens.map((t) => t.clientId)).size).toBe(tokens.length);
    }
    const apps = new Set(
      Object.values(world.tokens ?? {}).flatMap((ts) => ts.map((t) => t.clientId)),
    );
    expect(apps.size).toBeLessThanOrEqual(12);
  });

  it('leaves the rest of the world as it is without them', () => {
    const plain = buildWorkspace(base);
    expect(world.users).toEqual(plain.users);
    expect(world.activities).toEqual(plain.activities);
    expect(plain.mobileDevices).toEqual([]);
    expect(plain.tokens).toEqual({});
  });
});
