// The workspace a fake Google serves: built from explicit people and events plus, when asked,
// a deterministic crowd of generated users with their logins, Drive sharing and Gmail figures.
import { createHash } from 'node:crypto';
import { digitString, idString, pick, seededRandom } from '../kit/random';
import {
  type ChromeOsDeviceSeed,
  chromeOsDeviceOf,
  type MobileDeviceSeed,
  mobileDeviceOf,
} from './devices';
import { type DriveEventSeed, driveActivities } from './drive-audit';
import { generatedDevices, generatedTokens } from './generated-crowd-extras';
import { type LicenseSeed, licensesOf } from './licensing';
import { type TokenSeed, tokensOf } from './tokens';
import type {
  FakeActivity,
  FakeOrgUnit,
  FakePolicy,
  FakeUser,
  GmailDay,
  Workspace,
} from './world-types';

/** A time as a Date or an ISO string (the `/__fake` control API sends JSON). */
export type TimeInput = Date | string;

export type UserSeed = {
  email: string;
  givenName?: string;
  familyName?: string;
  isAdmin?: boolean;
  isDelegatedAdmin?: boolean;
  enrolledIn2Sv?: boolean;
  enforcedIn2Sv?: boolean;
  /** null: never signed in. Default: a day before `now`. */
  lastLogin?: TimeInput | null;
  /** Default: two years before `now`. */
  created?: TimeInput;
  suspended?: boolean;
  archived?: boolean;
  deleted?: boolean;
  orgUnitPath?: string;
};

export type PolicySeed = {
  /** `settings/security.password` or just `security.password`. */
  setting: string;
  value: Record<string, unknown>;
  orgUnitPath?: string;
  /** `groups/<id>`: a policy for a group instead of an org unit. */
  group?: string;
  sortOrder?: number;
  type?: 'SYSTEM' | 'ADMIN';
};

type Timed<T> = Omit<T, 'time'> & { time: TimeInput };
export type DriveEventInput = DriveEventSeed extends infer S
  ? S extends DriveEventSeed
    ? Timed<S>
    : never
  : never;

export type WorkspaceOptions = {
  domain: string;
  /** Seed of the generated part; the same seed gives the same world. Default 1. */
  seed?: number;
  /** The world's present. Default: when it is built. */
  now?: TimeInput;
  customerId?: string;
  /** Generated users, added after `users`. Default 0. */
  userCount?: number;
  users?: UserSeed[];
  /** Extra org units (paths); units used by users and policies are created anyway. */
  orgUnits?: string[];
  /** Google's default (SYSTEM) settings on the root unit. Default true. */
  systemDefaults?: boolean;
  policies?: PolicySeed[];
  loginFailures?: { email: string; time: TimeInput }[];
  loginSuccesses?: { email: string; time: TimeInput }[];
  driveEvents?: DriveEventInput[];
  /** Inbound spam per `yyyy-mm-dd`; replaces the generated figures. */
  gmailSpam?: Record<string, number>;
  /** Default 2: today and yesterday have no data, the day before has partial data. */
  usageLagDays?: number;
  /** Grants people gave outside apps (tokens.list). */
  tokens?: TokenSeed[];
  /** Phones and tablets that sync a member's account, and Chromebooks (devices.ts). */
  mobileDevices?: MobileDeviceSeed[];
  chromeosDevices?: ChromeOsDeviceSeed[];
  /** Devices of the generated users, after the seeded ones (generated-crowd-extras.ts). */
  deviceCount?: number;
  /** Outside apps the generated active users grant, 1 to 3 each. Default 0. */
  appCount?: number;
  /** Who holds which edition (licensing.ts); default: everyone Business Standard. */
  licenses?: LicenseSeed[];
};

const DAY = 86_400_000;
export const NEVER = '1970-01-01T00:00:00.000Z';

const GIVEN = [
  'Amelia',
  'Arjun',
  'Beatriz',
  'Chen',
  'Dmitri',
  'Elena',
  'Felix',
  'Fatima',
  'Gabriel',
  'Hana',
  'Ivan',
  'Jasmine',
  'Kofi',
  'Lena',
  'Mateo',
  'Nadia',
  'Oscar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Valeria',
  'William',
  'Ximena',
  'Yusuf',
  'Zoe',
];
const FAMILY = [
  'Andersen',
  'Bauer',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fernandes',
  'Garcia',
  'Haddad',
  'Ibrahim',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ueda',
  'Varga',
  'Weber',
  'Yilmaz',
  'Zhang',
];
const CHILD_UNITS = ['/Sales', '/Engineering', '/Support'];
const OUTSIDE = ['partner.example', 'gmail.com', 'contractor.example'];

const time = (t: TimeInput) => (typeof t === 'string' ? new Date(t) : t);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const quote = (s: string) => `"${createHash('sha256').update(s).digest('base64url').slice(0, 27)}"`;
/** A stable numeric id (like Google's 21-digit user ids) for any text. */
const numericId = (text: string) =>
  `1${BigInt(`0x${createHash('sha256').update(text).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(20, '0')
    .slice(0, 20)}`;

/** The calendar date (`yyyy-mm-dd`) in UTC-8, as the usage reports count days. */
export const pacificDate = (at: Date) =>
  new Date(at.getTime() - 8 * 3_600_000).toISOString().slice(0, 10);

export function normaliseSetting(setting: string): string {
  return setting.startsWith('settings/') ? setting : `settings/${setting}`;
}

function makeUser(seed: UserSeed, ctx: { customerId: string; now: Date }): FakeUser {
  const email = seed.email.trim().toLowerCase();
  const [local = ''] = email.split('@');
  const [first = local, last = ''] = local.split('.');
  const givenName = seed.givenName ?? capitalise(first);
  const familyName = seed.familyName ?? capitalise(last);
  const created = seed.created ? time(seed.created) : new Date(ctx.now.getTime() - 730 * DAY);
  const lastLogin =
    seed.lastLogin === null
      ? NEVER
      : (seed.lastLogin ? time(seed.lastLogin) : new Date(ctx.now.getTime() - DAY)).toISOString();
  const user: FakeUser = {
    kind: 'admin#directory#user',
    id: numericId(`user:${email}`),
    etag: quote(`etag:${email}`),
    primaryEmail: email,
    name: { givenName, familyName, fullName: `${givenName} ${familyName}`.trim() },
    isAdmin: seed.isAdmin ?? false,
    isDelegatedAdmin: seed.isDelegatedAdmin ?? false,
    isEnrolledIn2Sv: seed.enrolledIn2Sv ?? false,
    isEnforcedIn2Sv: seed.enforcedIn2Sv ?? false,
    lastLoginTime: lastLogin,
    creationTime: created.toISOString(),
    agreedToTerms: lastLogin !== NEVER,
    suspended: seed.suspended ?? false,
    archived: seed.archived ?? false,
    orgUnitPath: seed.orgUnitPath ?? '/',
    customerId: ctx.customerId,
    isMailboxSetup: true,
  };
  if (user.suspended) user.suspensionReason = 'ADMIN';
  if (seed.deleted) user.deletionTime = new Date(ctx.now.getTime() - 3 * DAY).toISOString();
  return user;
}

/** Generated users: mostly active and recent, with realistic shares of the edge cases. */
function generateUsers(count: number, next: () => number, domain: string, now: Date): UserSeed[] {
  return Array.from({ length: count }, (_, i) => {
    const givenName = pick(next, GIVEN);
    const familyName = pick(next, FAMILY);
    const ageDays = 30 + Math.floor(next() * 1500);
    const created = new Date(now.getTime() - ageDays * DAY);
    const roll = next();
    let lastLogin: Date | null;
    if (roll < 0.03) lastLogin = null;
    else if (roll < 0.11) lastLogin = new Date(now.getTime() - (91 + next() * 300) * DAY);
    else lastLogin = new Date(now.getTime() - next() * 60 * DAY);
    if (lastLogin && lastLogin < created) lastLogin = created;
    const state = next();
    const enrolled = next() < 0.75;
    return {
      email: `${givenName}.${familyName}.${i + 1}@${domain}`.toLowerCase(),
      givenName,
      familyName,
      isAdmin: i < 2 || next() < 0.002,
      isDelegatedAdmin: next() < 0.01,
      enrolledIn2Sv: enrolled,
      enforcedIn2Sv: enrolled && next() < 0.5,
      lastLogin,
      created,
      suspended: state < 0.03,
      archived: state >= 0.03 && state < 0.04,
      orgUnitPath: next() < 0.4 ? '/' : pick(next, CHILD_UNITS),
    };
  });
}

const SYSTEM_DEFAULTS: [string, Record<string, unknown>][] = [
  ['security.two_step_verification_enrollment', { allowEnrollment: true }],
  ['security.two_step_verification_device_trust', { allowTrustingDevice: true }],
  ['security.two_step_verification_grace_period', { enrollmentGracePeriod: '0s' }],
  ['security.two_step_verification_enforcement_factor', { allowedSignInFactorSet: 'ALL' }],
  [
    'security.password',
    {
      allowedStrength: 'STRONG',
      minimumLength: 8,
      maximumLength: 100,
      enforceRequirementsAtLogin: false,
      allowReuse: false,
      expirationDuration: '0s',
    },
  ],
  ['security.less_secure_apps', { allowLessSecureApps: false }],
  ['security.super_admin_account_recovery', { enableAccountRecovery: false }],
  [
    'drive_and_docs.external_sharing',
    {
      externalSharingMode: 'ALLOWED',
      allowNonGoogleInvites: true,
      allowNonGoogleInvitesInAllowlistedDomains: false,
      allowPublishingFiles: true,
      allowReceivingExternalFiles: true,
      allowReceivingFilesOutsideAllowlistedDomains: true,
      warnForExternalSharing: true,
      warnForSharingOutsideAllowlistedDomains: true,
      accessCheckerSuggestions: 'RECIPIENTS_OR_AUDIENCE_OR_PUBLIC',
      allowedPartiesForDistributingContent: 'ALL_ELIGIBLE_USERS',
    },
  ],
  ['drive_and_docs.general_access_default', { defaultFileAccess: 'PRIMARY_AUDIENCE_WITH_LINK' }],
  // Unconfirmed setting type and key (not in ScubaGoggles' list): Gmail automatic forwarding.
  ['gmail.auto_forwarding', { enableAutoForwarding: true }],
  ['gmail.email_spam_filter_ip_allowlist', { allowedIpAddresses: [] }],
];

function orgUnitsFor(paths: Iterable<string>, next: () => number) {
  const all = new Set<string>();
  for (const p of paths) {
    const parts = p.split('/').filter(Boolean);
    for (let i = 1; i <= parts.length; i += 1) all.add(`/${parts.slice(0, i).join('/')}`);
  }
  const rootId = idString(next, 15);
  const ids = new Map<string, string>([['/', rootId]]);
  const units: FakeOrgUnit[] = [];
  for (const path of [...all].sort()) {
    const id = idString(next, 15);
    ids.set(path, id);
    const parentPath = path.slice(0, path.lastIndexOf('/')) || '/';
    units.push({
      kind: 'admin#directory#orgUnit',
      etag: quote(`ou:${path}`),
      name: path.slice(path.lastIndexOf('/') + 1),
      description: '',
      orgUnitPath: path,
      orgUnitId: `id:${id}`,
      parentOrgUnitPath: parentPath,
      parentOrgUnitId: `id:${ids.get(parentPath) ?? rootId}`,
      blockInheritance: false,
    });
  }
  return { rootId, units, idOf: (path: string) => ids.get(path) ?? rootId };
}

function loginActivity(
  name: 'login_failure' | 'login_success',
  email: string,
  at: Date,
  ctx: { customerId: string; next: () => number; profileIdOf: (email: string) => string },
): FakeActivity {
  const parameters =
    name === 'login_failure'
      ? [
          { name: 'login_type', value: 'google_password' },
          { name: 'login_failure_type', value: 'login_failure_invalid_password' },
          { name: 'is_suspicious', boolValue: ctx.next() < 0.1 },
        ]
      : [
          { name: 'login_type', value: 'google_password' },
          { name: 'is_suspicious', boolValue: false },
        ];
  return {
    kind: 'admin#reports#activity',
    id: {
      time: at.toISOString(),
      uniqueQualifier: `-${digitString(ctx.next, 18)}`,
      applicationName: 'login',
      customerId: ctx.customerId,
    },
    etag: `"${idString(ctx.next, 27)}"`,
    actor: { email, profileId: ctx.profileIdOf(email), callerType: 'USER' },
    ipAddress: `198.51.100.${Math.floor(ctx.next() * 250) + 1}`,
    events: [{ type: 'login', name, parameters }],
  };
}

function generatedDriveEvents(
  people: readonly string[],
  next: () => number,
  now: Date,
  domain: string,
): DriveEventSeed[] {
  const seeds: DriveEventSeed[] = [];
  const docs = Math.ceil(people.length / 20);
  for (let d = 0; d < docs; d += 1) {
    const owner = pick(next, people);
    const docId = `1${idString(next, 32)}`;
    const title = `${pick(next, ['Budget', 'Roadmap', 'Contract', 'Notes', 'Invoice'])} ${d + 1}`;
    let at = now.getTime() - (1 + next() * 178) * DAY;
    const steps = 1 + Math.floor(next() * 3);
    for (let s = 0; s < steps && at < now.getTime() - 60_000; s += 1) {
      const roll = next();
      const base = { time: new Date(at), docId, title, owner };
      if (roll < 0.35) {
        const linkSharing = pick(next, [
          'people_with_link',
          'people_with_link',
          'public_on_the_web',
          'people_within_domain_with_link',
          'private',
        ] as const);
        seeds.push({ ...base, kind: 'link', linkSharing });
      } else if (roll < 0.8) {
        const outside = next() < 0.5;
        const targetUser = outside
          ? `guest${Math.floor(next() * 50)}@${pick(next, OUTSIDE)}`
          : pick(next, people);
        seeds.push({
          ...base,
          kind: 'user',
          targetUser,
          access: pick(next, ['can_view', 'can_edit', 'none'] as const),
        });
      } else {
        const targetDomain =
          next() < 0.7
            ? pick(
                next,
                OUTSIDE.filter((o) => o !== 'gmail.com'),
              )
            : domain;
        seeds.push({
          ...base,
          kind: 'domain',
          targetDomain,
          access: pick(next, ['can_view', 'none'] as const),
        });
      }
      at += next() * 20 * DAY;
    }
  }
  return seeds;
}

export function buildWorkspace(options: WorkspaceOptions): Workspace {
  const domain = options.domain.trim().toLowerCase();
  const seed = options.seed ?? 1;
  const next = seededRandom(seed);
  const now = options.now ? time(options.now) : new Date();
  const customerId = options.customerId ?? `C0${idString(next, 7)}`;
  const ctx = { customerId, now };

  const generated = generateUsers(options.userCount ?? 0, next, domain, now);
  const seeds = [...(options.users ?? []), ...generated];
  const byEmail = new Map<string, FakeUser>();
  for (const s of seeds) {
    const user = makeUser(s, ctx);
    byEmail.set(user.primaryEmail, user);
  }
  const everyone = [...byEmail.values()].sort((a, b) =>
    a.primaryEmail.localeCompare(b.primaryEmail),
  );
  const users = everyone.filter((u) => !u.deletionTime);
  const profileIdOf = (email: string) => byEmail.get(email)?.id ?? numericId(`profile:${email}`);

  const policySeeds: PolicySeed[] = [
    ...(options.systemDefaults === false
      ? []
      : SYSTEM_DEFAULTS.map(([setting, value]) => ({
          setting,
          value,
          type: 'SYSTEM' as const,
          sortOrder: 1,
        }))),
    ...(generated.length > 0
      ? [
          {
            setting: 'drive_and_docs.external_sharing',
            orgUnitPath: '/Sales',
            value: { externalSharingMode: 'DISALLOWED' },
          },
          {
            setting: 'gmail.auto_forwarding',
            orgUnitPath: '/Support',
            value: { enableAutoForwarding: false },
          },
        ]
      : []),
    ...(options.policies ?? []),
  ];
  const units = orgUnitsFor(
    [
      ...(options.orgUnits ?? []),
      ...users.map((u) => u.orgUnitPath),
      ...policySeeds.flatMap((p) => (p.orgUnitPath ? [p.orgUnitPath] : [])),
      ...(generated.length > 0 ? CHILD_UNITS : []),
    ].filter((p) => p !== '/'),
    next,
  );
  const policies: FakePolicy[] = policySeeds.map((p, i) => ({
    name: `policies/${idString(next, 29)}`,
    customer: `customers/${customerId}`,
    policyQuery: {
      ...(p.group
        ? { group: p.group }
        : { orgUnit: `orgUnits/${units.idOf(p.orgUnitPath ?? '/')}` }),
      sortOrder: p.sortOrder ?? 100 + i,
    },
    setting: { type: normaliseSetting(p.setting), value: p.value },
    type: p.type ?? 'ADMIN',
  }));

  const loginCtx = { customerId, next, profileIdOf };
  const active = users.filter((u) => !u.suspended && !u.archived).map((u) => u.primaryEmail);
  const randomTime = () => new Date(now.getTime() - 60_000 - next() * 179 * DAY);
  const login: FakeActivity[] = [
    ...(options.loginFailures ?? []).map((f) =>
      loginActivity('login_failure', f.email.toLowerCase(), time(f.time), loginCtx),
    ),
    ...(options.loginSuccesses ?? []).map((f) =>
      loginActivity('login_success', f.email.toLowerCase(), time(f.time), loginCtx),
    ),
  ];
  if (generated.length > 0 && active.length > 0) {
    // About one failed sign-in per hundred users a day, and a few successes for the filter to skip.
    for (let i = 0; i < Math.round(generated.length * 1.8); i += 1) {
      login.push(loginActivity('login_failure', pick(next, active), randomTime(), loginCtx));
    }
    for (let i = 0; i < Math.round(generated.length * 0.3); i += 1) {
      login.push(loginActivity('login_success', pick(next, active), randomTime(), loginCtx));
    }
  }

  const driveSeeds: DriveEventSeed[] = [
    ...(options.driveEvents ?? []).map((e) => ({ ...e, time: time(e.time) }) as DriveEventSeed),
    ...(generated.length > 0 ? generatedDriveEvents(active, next, now, domain) : []),
  ];
  const drive = driveActivities(
    driveSeeds,
    { domain, customerId, profileIdOf },
    () => `-${digitString(next, 18)}`,
  );

  const newestFirst = (a: FakeActivity, b: FakeActivity) => b.id.time.localeCompare(a.id.time);
  const usageLagDays = options.usageLagDays ?? 2;
  const gmail = new Map<string, GmailDay>();
  if (options.gmailSpam) {
    for (const [date, spam] of Object.entries(options.gmailSpam))
      gmail.set(date, { spam, received: spam * 9 });
  } else if (users.length > 0) {
    for (let d = usageLagDays; d < 450; d += 1) {
      const spam = Math.round(users.length * (0.2 + next() * 0.6));
      gmail.set(pacificDate(new Date(now.getTime() - d * DAY)), {
        spam,
        received: spam * 9 + users.length * 20,
      });
    }
  }

  // A stream of its own, so that asking for devices or apps leaves the rest of the world as it was.
  const crowdNext = seededRandom(seed + 0x9e3779b9);
  const crowd = generated.map((g) => g.email);
  const crowdActive = generated.filter((g) => !g.suspended && !g.archived).map((g) => g.email);
  const crowdDevices = generatedDevices(crowd, options.deviceCount ?? 0, crowdNext, now);
  const crowdTokens = generatedTokens(crowdActive, options.appCount ?? 0, crowdNext);

  return {
    customerId,
    domain,
    users,
    deletedUsers: everyone.filter((u) => u.deletionTime),
    orgUnits: units.units,
    rootOrgUnitId: units.rootId,
    policies,
    activities: { login: login.sort(newestFirst), drive: drive.sort(newestFirst) },
    gmail,
    usageLagDays,
    tokens: tokensOf([...(options.tokens ?? []), ...crowdTokens], users),
    mobileDevices: [...(options.mobileDevices ?? []), ...crowdDevices.mobile].map((d) =>
      mobileDeviceOf(d, customerId),
    ),
    chromeosDevices: [...(options.chromeosDevices ?? []), ...crowdDevices.chromeos].map(
      chromeOsDeviceOf,
    ),
    licenses: licensesOf(options.licenses, users),
  };
}

/** Adds or replaces one user (by e-mail) of a built workspace. */
export function upsertUser(world: Workspace, seed: UserSeed, now = new Date()): FakeUser {
  const user = makeUser(seed, { customerId: world.customerId, now });
  const others = (list: FakeUser[]) => list.filter((u) => u.primaryEmail !== user.primaryEmail);
  const byEmail = (a: FakeUser, b: FakeUser) => a.primaryEmail.localeCompare(b.primaryEmail);
  world.users = others(world.users);
  world.deletedUsers = others(world.deletedUsers);
  if (user.deletionTime) world.deletedUsers = [...world.deletedUsers, user].sort(byEmail);
  else world.users = [...world.users, user].sort(byEmail);
  return user;
}
