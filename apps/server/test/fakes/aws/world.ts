// The AWS account the fake serves: its root user, IAM users with their keys, roles that may be
// assumed, trails and the account's S3 Block Public Access, and how the credential report shows
// them (reference §4.5).
import { daysAgo } from '../kit/demo-fake';

export type FakeAccessKey = {
  id: string;
  secret: string;
  active: boolean;
  createdAt: Date;
  lastUsed?: Date | null;
};

export type FakeIamUser = {
  name: string;
  createdAt: Date;
  /** A console password. */
  password: boolean;
  passwordLastUsed?: Date | null;
  mfa: boolean;
  accessKeys: FakeAccessKey[];
  /** The AWS-managed SecurityAudit policy is attached. */
  securityAudit?: boolean;
};

export type FakeRole = {
  name: string;
  /** The users whose keys may assume it (its trust policy). */
  trusts: string[];
  externalId?: string;
  securityAudit: boolean;
};

export type FakeTrail = {
  name: string;
  homeRegion: string;
  multiRegion: boolean;
  logging: boolean;
};

export type PublicAccessBlockFlags = {
  BlockPublicAcls: boolean;
  IgnorePublicAcls: boolean;
  BlockPublicPolicy: boolean;
  RestrictPublicBuckets: boolean;
};

export type AwsWorld = {
  accountId: string;
  root: { mfa: boolean; accessKeys: number; createdAt: Date; passwordLastUsed: Date | null };
  users: FakeIamUser[];
  roles: FakeRole[];
  trails: FakeTrail[];
  /** null: never set (S3 Control answers 404). */
  publicAccessBlock: PublicAccessBlockFlags | null;
};

/** The key tests connect with: an auditor user with SecurityAudit. */
export const AUDITOR_KEY = {
  accessKeyId: 'AKIAFAKEAUDITOR00001',
  secretAccessKey: 'fake/Auditor+Secret000000000000000000000',
};

export const DEFAULT_WORLD = (): AwsWorld => ({
  accountId: '111122223333',
  root: { mfa: true, accessKeys: 0, createdAt: daysAgo(900), passwordLastUsed: daysAgo(30) },
  users: [
    {
      name: 'castellan-audit',
      createdAt: daysAgo(10),
      password: false,
      mfa: false,
      securityAudit: true,
      accessKeys: [
        {
          id: AUDITOR_KEY.accessKeyId,
          secret: AUDITOR_KEY.secretAccessKey,
          active: true,
          createdAt: daysAgo(10),
        },
      ],
    },
    {
      name: 'alice',
      createdAt: daysAgo(400),
      password: true,
      passwordLastUsed: daysAgo(1),
      mfa: true,
      accessKeys: [],
    },
  ],
  roles: [],
  trails: [
    { name: 'management-events', homeRegion: 'us-east-1', multiRegion: true, logging: true },
  ],
  publicAccessBlock: {
    BlockPublicAcls: true,
    IgnorePublicAcls: true,
    BlockPublicPolicy: true,
    RestrictPublicBuckets: true,
  },
});

const HEADER = [
  'user',
  'arn',
  'user_creation_time',
  'password_enabled',
  'password_last_used',
  'password_last_changed',
  'password_next_rotation',
  'mfa_active',
  'access_key_1_active',
  'access_key_1_last_rotated',
  'access_key_1_last_used_date',
  'access_key_1_last_used_region',
  'access_key_1_last_used_service',
  'access_key_2_active',
  'access_key_2_last_rotated',
  'access_key_2_last_used_date',
  'access_key_2_last_used_region',
  'access_key_2_last_used_service',
  'cert_1_active',
  'cert_1_last_rotated',
  'cert_2_active',
  'cert_2_last_rotated',
];

/** `2024-01-01T00:00:00+00:00`, as the report writes times. */
const reportTime = (d: Date | null | undefined, none = 'N/A') =>
  d ? d.toISOString().replace(/\.\d{3}Z$/, '+00:00') : none;
const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function keyColumns(key: FakeAccessKey | undefined): string[] {
  if (!key) return ['false', 'N/A', 'N/A', 'N/A', 'N/A'];
  const used = key.lastUsed ?? null;
  return [
    String(key.active),
    reportTime(key.createdAt),
    reportTime(used),
    used ? 'us-east-1' : 'N/A',
    used ? 'iam' : 'N/A',
  ];
}

/** The credential report's CSV of the world as it is now. */
export function credentialReportCsv(world: AwsWorld): string {
  const rootKeys = Array.from({ length: world.root.accessKeys }, (_, i) => ({
    id: `root-${i}`,
    secret: '',
    active: true,
    createdAt: world.root.createdAt,
  }));
  const root = [
    '<root_account>',
    `arn:aws:iam::${world.accountId}:root`,
    reportTime(world.root.createdAt),
    'not_supported',
    reportTime(world.root.passwordLastUsed, 'no_information'),
    'not_supported',
    'not_supported',
    String(world.root.mfa),
    ...keyColumns(rootKeys[0]),
    ...keyColumns(rootKeys[1]),
    'false',
    'N/A',
    'false',
    'N/A',
  ];
  const users = world.users.map((u) => [
    u.name,
    `arn:aws:iam::${world.accountId}:user/${u.name}`,
    reportTime(u.createdAt),
    String(u.password),
    u.password ? reportTime(u.passwordLastUsed, 'no_information') : 'N/A',
    u.password ? reportTime(u.createdAt) : 'N/A',
    'N/A',
    String(u.mfa),
    ...keyColumns(u.accessKeys[0]),
    ...keyColumns(u.accessKeys[1]),
    'false',
    'N/A',
    'false',
    'N/A',
  ]);
  return `${[HEADER, root, ...users].map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}

export const trailArn = (world: AwsWorld, t: FakeTrail) =>
  `arn:aws:cloudtrail:${t.homeRegion}:${world.accountId}:trail/${t.name}`;
