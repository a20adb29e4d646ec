// The devices and app consents of a generated tenant's crowd (TenantOptions' deviceCount and
// appCount), for tenants as large as the benches read: laptops and phones Intune manages spread
// over the people, and 1 to 3 outside apps each person consented to.
import { generatedAppNames, pickGrantedApps } from '../kit/generated-apps';
import { pick } from '../kit/random';
import type { AppConsentSeed } from './app-consents';
import type { ManagedDeviceSeed } from './managed-devices';

const DAY = 86_400_000;
const SCOPES = [
  'openid profile email User.Read',
  'openid profile offline_access User.Read Mail.Read',
  'User.Read Calendars.ReadWrite',
  'offline_access User.Read Files.Read.All',
  'User.Read Contacts.Read',
  'User.Read Sites.Read.All',
];
type DeviceKind = {
  operatingSystem: ManagedDeviceSeed['operatingSystem'];
  share: number;
  models: string[];
  version: (next: () => number) => string;
};
const KINDS: DeviceKind[] = [
  {
    operatingSystem: 'Windows',
    share: 0.45,
    models: ['Latitude 7440', 'ThinkPad T14', 'EliteBook 840', 'Surface Laptop 5'],
    version: (next) => `10.0.${next() < 0.7 ? 22631 : 19045}.${4000 + Math.floor(next() * 500)}`,
  },
  {
    operatingSystem: 'macOS',
    share: 0.15,
    models: ['MacBook Air', 'MacBook Pro'],
    version: (next) => `14.${Math.floor(next() * 7)}`,
  },
  {
    operatingSystem: 'iOS',
    share: 0.25,
    models: ['iPhone 15', 'iPhone 14', 'iPhone 13'],
    version: (next) => `17.${Math.floor(next() * 6)}`,
  },
  {
    operatingSystem: 'Android',
    share: 0.15,
    models: ['Pixel 8', 'Galaxy S23', 'Galaxy A54'],
    version: (next) => String(12 + Math.floor(next() * 4)),
  },
];

function kindOf(roll: number): DeviceKind {
  let sum = 0;
  for (const kind of KINDS) {
    sum += kind.share;
    if (roll < sum) return kind;
  }
  return KINDS[0] as DeviceKind;
}

/** `count` devices Intune manages, each of a random person. */
export function generatedManagedDevices(
  people: readonly string[],
  count: number,
  next: () => number,
  now: Date,
): ManagedDeviceSeed[] {
  if (people.length === 0) return [];
  const at = now.getTime();
  return Array.from({ length: count }, (_, i) => {
    const email = pick(next, people);
    const kind = kindOf(next());
    const model = pick(next, kind.models);
    const roll = next();
    return {
      email,
      deviceName: `${email.split('@')[0] ?? 'device'}-${kind.operatingSystem}-${i}`,
      operatingSystem: kind.operatingSystem,
      osVersion: kind.version(next),
      isEncrypted: next() > 0.06,
      complianceState: roll < 0.85 ? 'compliant' : roll < 0.95 ? 'noncompliant' : 'inGracePeriod',
      lastSync: new Date(at - next() * 30 * DAY),
      model,
      ...(kind.operatingSystem === 'Android'
        ? {
            androidSecurityPatchLevel: new Date(at - (10 + next() * 300) * DAY)
              .toISOString()
              .slice(0, 10),
          }
        : {}),
    };
  });
}

/**
 * `appCount` made-up apps: the last two an administrator consented to for everyone, the others
 * people consented to for themselves, 1 to 3 apps each. One in ten is the tenant's own
 * registration, which the reader leaves out.
 */
export function generatedAppConsents(
  people: readonly string[],
  appCount: number,
  next: () => number,
): AppConsentSeed[] {
  const names = generatedAppNames(appCount);
  const consenters = names.map(() => [] as string[]);
  for (const email of people) {
    for (const i of pickGrantedApps(next, names.length)) consenters[i]?.push(email);
  }
  return names.map((displayName, i) => ({
    displayName,
    ...(i % 10 === 9 ? { owner: 'tenant' as const } : {}),
    ...(i % 3 === 0
      ? { verifiedPublisher: `${displayName} Ltd` }
      : { publisherName: `${displayName} Labs` }),
    scope: pick(next, SCOPES),
    consent: i >= names.length - 2 ? 'everyone' : { emails: consenters[i] ?? [] },
  }));
}
