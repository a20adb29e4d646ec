// The tenant the fake Microsoft serves: users shaped as Graph returns them, their MFA
// registration, the Global Administrator role and the sign-in log, generated from a seed so a
// tenant is the same on every run.
import { seededRandom } from '../kit/random';
import {
  type AppConsentSeed,
  appConsentsOf,
  type FakeAppServicePrincipal,
  type FakePermissionGrant,
} from './app-consents';
import { generatedAppConsents, generatedManagedDevices } from './generated-crowd-extras';
import {
  type FakeManagedDevice,
  type IntuneState,
  type ManagedDeviceSeed,
  managedDeviceOf,
} from './managed-devices';

export const GLOBAL_ADMIN_TEMPLATE = '62e90394-69f5-4237-9190-012177145e10';

export type UserSeed = {
  email: string;
  displayName?: string;
  /** Holds Global Administrator. */
  isAdmin?: boolean;
  mfaRegistered?: boolean;
  /** Last successful sign-in; null: never. Default: within the last two weeks. */
  lastSignIn?: Date | null;
  created?: Date;
  accountEnabled?: boolean;
  /** Default true: an Exchange Online plan, enabled. */
  mailbox?: boolean;
  userType?: 'Member' | 'Guest';
};

export type SignInFailureSeed = { email: string; time: Date; errorCode?: number };

export type TenantOptions = {
  id?: string;
  domain: string;
  displayName?: string;
  /** Entra ID P1; default true. */
  premium?: boolean;
  securityDefaults?: boolean;
  conditionalAccessMfa?: boolean;
  users?: UserSeed[];
  /** Generated users added after the seeded ones. */
  userCount?: number;
  seed?: number;
  signInFailures?: SignInFailureSeed[];
  /** Service principals holding Global Administrator (not users). */
  adminApps?: string[];
  /** "Now" of the generated dates; default the time of building. */
  now?: Date;
  /** Outside apps people or administrators consented to. */
  apps?: AppConsentSeed[];
  /** The devices Intune manages (managed-devices.ts). */
  devices?: ManagedDeviceSeed[];
  /** Default 'licensed'. */
  intune?: IntuneState;
  /** Devices of the generated users, added after `devices` (generated-crowd-extras.ts). */
  deviceCount?: number;
  /** Outside apps the generated enabled members consent to, 1 to 3 each. */
  appCount?: number;
};

export type AssignedPlan = {
  assignedDateTime: string;
  capabilityStatus: 'Enabled' | 'Deleted' | 'Suspended';
  service: string;
  servicePlanId: string;
};

export type FakeM365User = {
  id: string;
  displayName: string;
  givenName: string | null;
  surname: string | null;
  mail: string | null;
  userPrincipalName: string;
  accountEnabled: boolean;
  userType: 'Member' | 'Guest';
  createdDateTime: string;
  assignedPlans: AssignedPlan[];
  businessPhones: string[];
  jobTitle: string | null;
  mobilePhone: string | null;
  officeLocation: string | null;
  preferredLanguage: string | null;
  signInActivity: {
    lastSignInDateTime: string | null;
    lastSignInRequestId: string | null;
    lastNonInteractiveSignInDateTime: string | null;
    lastNonInteractiveSignInRequestId: string | null;
    lastSuccessfulSignInDateTime: string | null;
    lastSuccessfulSignInRequestId: string | null;
  };
  /** Not Graph user properties: what the other endpoints report about the user. */
  isAdmin: boolean;
  mfaRegistered: boolean;
};

export type FakeSignIn = {
  id: string;
  createdDateTime: string;
  userDisplayName: string;
  userPrincipalName: string;
  userId: string;
  appId: string;
  appDisplayName: string;
  ipAddress: string;
  clientAppUsed: string;
  correlationId: string;
  conditionalAccessStatus: string;
  isInteractive: boolean;
  resourceDisplayName: string;
  status: { errorCode: number; failureReason: string | null; additionalDetails: string | null };
};

export type FakeServicePrincipal = { id: string; displayName: string; appId: string };

export type Tenant = {
  id: string;
  domain: string;
  displayName: string;
  premium: boolean;
  securityDefaults: boolean;
  conditionalAccessMfa: boolean;
  createdDateTime: string;
  users: FakeM365User[];
  /** Newest first. */
  signIns: FakeSignIn[];
  adminApps: FakeServicePrincipal[];
  roles: { id: string; displayName: string; description: string; roleTemplateId: string }[];
  /** The consented apps' service principals and their delegated grants; none when absent. */
  servicePrincipals?: FakeAppServicePrincipal[];
  permissionGrants?: FakePermissionGrant[];
  managedDevices?: FakeManagedDevice[];
  intune?: IntuneState;
};

const DAY = 86_400_000;
const GIVEN = [
  'Ava',
  'Noah',
  'Isla',
  'Leo',
  'Mila',
  'Ezra',
  'Nora',
  'Kai',
  'Zoe',
  'Finn',
  'Ines',
  'Raj',
];
const FAMILY = [
  'Ward',
  'Lund',
  'Okafor',
  'Silva',
  'Novak',
  'Reyes',
  'Dubois',
  'Kato',
  'Moreau',
  'Berg',
];
const EXCHANGE_PLAN = 'efb87545-963c-4e0d-99df-69c6916d9eb0';
const FAILURE_REASONS: Record<number, string> = {
  50126: 'Error validating credentials due to invalid username or password.',
  50053:
    'Account is locked because user tried to sign in too many times with an incorrect user ID or password.',
  50074: 'Strong Authentication is required.',
};

function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function namesOf(email: string, displayName?: string) {
  if (displayName) {
    const [given = displayName, ...rest] = displayName.split(' ');
    return { displayName, givenName: given, surname: rest.join(' ') || null };
  }
  const local = email.split('@')[0] ?? email;
  const parts = local.split(/[._-]/).filter(Boolean).map(titleCase);
  const givenName = parts[0] ?? local;
  const surname = parts.slice(1).join(' ') || null;
  return { displayName: [givenName, surname].filter(Boolean).join(' '), givenName, surname };
}

function userOf(seed: UserSeed, next: () => number, now: number, domain: string): FakeM365User {
  const email = seed.email.toLowerCase();
  const guest = seed.userType === 'Guest';
  const created = seed.created ?? new Date(now - (60 + Math.floor(next() * 900)) * DAY);
  const last =
    seed.lastSignIn === undefined ? new Date(now - Math.floor(next() * 14 * DAY)) : seed.lastSignIn;
  const requestId = () => uuidFrom(next);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: uuidFrom(next),
    ...namesOf(email, seed.displayName),
    mail: email,
    userPrincipalName: guest ? `${email.replace('@', '_')}#EXT#@${domain}` : email,
    accountEnabled: seed.accountEnabled ?? true,
    userType: guest ? 'Guest' : 'Member',
    createdDateTime: created.toISOString(),
    assignedPlans:
      (seed.mailbox ?? !guest)
        ? [
            {
              assignedDateTime: created.toISOString(),
              capabilityStatus: 'Enabled',
              service: 'exchange',
              servicePlanId: EXCHANGE_PLAN,
            },
          ]
        : [],
    businessPhones: [],
    jobTitle: null,
    mobilePhone: null,
    officeLocation: null,
    preferredLanguage: 'en-GB',
    signInActivity: {
      lastSignInDateTime: iso(last),
      lastSignInRequestId: last ? requestId() : null,
      lastNonInteractiveSignInDateTime: iso(last),
      lastNonInteractiveSignInRequestId: last ? requestId() : null,
      lastSuccessfulSignInDateTime: iso(last),
      lastSuccessfulSignInRequestId: last ? requestId() : null,
    },
    isAdmin: seed.isAdmin ?? false,
    mfaRegistered: seed.mfaRegistered ?? false,
  };
}

function generatedSeeds(count: number, next: () => number, domain: string, now: number) {
  const seeds: UserSeed[] = [];
  for (let i = 0; i < count; i += 1) {
    const given = GIVEN[i % GIVEN.length] ?? 'Sam';
    const family = FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length] ?? 'Lee';
    const r = next();
    seeds.push({
      email: `${given}.${family}${i}@${domain}`.toLowerCase(),
      displayName: `${given} ${family}`,
      mfaRegistered: next() < 0.7,
      lastSignIn: r < 0.05 ? null : new Date(now - Math.floor(next() * 200 * DAY)),
      accountEnabled: next() > 0.03,
      mailbox: next() > 0.1,
      userType: next() < 0.03 ? 'Guest' : 'Member',
    });
  }
  return seeds;
}

function signInOf(
  user: FakeM365User,
  time: string,
  errorCode: number,
  next: () => number,
): FakeSignIn {
  return {
    id: uuidFrom(next),
    createdDateTime: time,
    userDisplayName: user.displayName,
    userPrincipalName: user.userPrincipalName,
    userId: user.id,
    appId: '00000002-0000-0ff1-ce00-000000000000',
    appDisplayName: 'Office 365 Exchange Online',
    ipAddress: `203.0.113.${Math.floor(next() * 254) + 1}`,
    clientAppUsed: 'Browser',
    correlationId: uuidFrom(next),
    conditionalAccessStatus: 'notApplied',
    isInteractive: true,
    resourceDisplayName: 'Office 365 Exchange Online',
    status: {
      errorCode,
      failureReason: errorCode === 0 ? null : (FAILURE_REASONS[errorCode] ?? 'Other.'),
      additionalDetails: null,
    },
  };
}

export function buildTenant(options: TenantOptions): Tenant {
  const domain = options.domain.toLowerCase();
  const next = seededRandom(options.seed ?? 1);
  const now = (options.now ?? new Date()).getTime();
  const generated = generatedSeeds(options.userCount ?? 0, next, domain, now);
  const seeds = [...(options.users ?? []), ...generated];
  const users = seeds.map((s) => userOf(s, next, now, domain));
  const byEmail = new Map(users.map((u) => [u.mail ?? u.userPrincipalName, u]));
  const monthAgo = now - 30 * DAY;
  const signIns: FakeSignIn[] = [];
  for (const user of users) {
    const last = user.signInActivity.lastSuccessfulSignInDateTime;
    if (last && Date.parse(last) >= monthAgo) signIns.push(signInOf(user, last, 0, next));
  }
  for (const failure of options.signInFailures ?? []) {
    const user = byEmail.get(failure.email.toLowerCase());
    if (!user) throw new Error(`sign-in failure of an unknown user ${failure.email}`);
    signIns.push(signInOf(user, failure.time.toISOString(), failure.errorCode ?? 50126, next));
  }
  signIns.sort((a, b) => Date.parse(b.createdDateTime) - Date.parse(a.createdDateTime));
  const id = options.id ?? uuidFrom(next);
  // A stream of its own: asking for devices or apps leaves the rest of the tenant as it was.
  const crowdNext = seededRandom((options.seed ?? 1) + 0x9e3779b9);
  const crowd = generated.filter((s) => s.userType !== 'Guest').map((s) => s.email);
  const crowdEnabled = generated
    .filter((s) => s.userType !== 'Guest' && s.accountEnabled !== false)
    .map((s) => s.email);
  const crowdDevices = generatedManagedDevices(
    crowd,
    options.deviceCount ?? 0,
    crowdNext,
    new Date(now),
  );
  const crowdApps = generatedAppConsents(crowdEnabled, options.appCount ?? 0, crowdNext);
  return {
    id,
    ...appConsentsOf([...(options.apps ?? []), ...crowdApps], users, id),
    domain,
    displayName: options.displayName ?? titleCase(domain.split('.')[0] ?? domain),
    premium: options.premium ?? true,
    securityDefaults: options.securityDefaults ?? false,
    conditionalAccessMfa: options.conditionalAccessMfa ?? false,
    createdDateTime: new Date(now - 1000 * DAY).toISOString(),
    users,
    signIns,
    adminApps: (options.adminApps ?? []).map((displayName) => ({
      id: uuidFrom(next),
      displayName,
      appId: uuidFrom(next),
    })),
    roles: [
      {
        id: uuidFrom(next),
        displayName: 'Global Administrator',
        description: 'Can manage all aspects of Microsoft Entra ID and Microsoft services.',
        roleTemplateId: GLOBAL_ADMIN_TEMPLATE,
      },
      {
        id: uuidFrom(next),
        displayName: 'Global Reader',
        description:
          'Can read everything that a Global Administrator can, but not update anything.',
        roleTemplateId: 'f2ef992c-3afb-46b9-b7cf-a126ee74c451',
      },
    ],
    managedDevices: [...(options.devices ?? []), ...crowdDevices].map((d) =>
      managedDeviceOf(d, byEmail.get(d.email.toLowerCase())),
    ),
    intune: options.intune ?? 'licensed',
  };
}

/** The user a sign-in name (e-mail or user principal name) names, case-insensitively. */
export function findUser(tenant: Tenant, name: string): FakeM365User | undefined {
  const wanted = name.toLowerCase();
  return tenant.users.find(
    (u) => u.mail === wanted || u.userPrincipalName.toLowerCase() === wanted,
  );
}
