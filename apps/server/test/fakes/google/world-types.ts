/** The records the fake serves, shaped as Google sends them (see integrations-reference §1). */

import type { FakeChromeOsDevice, FakeMobileDevice } from './devices';
import type { FakeLicenseAssignment } from './licensing';

export type FakeUser = {
  kind: 'admin#directory#user';
  id: string;
  etag: string;
  primaryEmail: string;
  name: { givenName: string; familyName: string; fullName: string };
  isAdmin: boolean;
  isDelegatedAdmin: boolean;
  isEnrolledIn2Sv: boolean;
  isEnforcedIn2Sv: boolean;
  /** `1970-01-01T00:00:00.000Z` when the user never signed in. */
  lastLoginTime: string;
  creationTime: string;
  agreedToTerms: boolean;
  suspended: boolean;
  suspensionReason?: string;
  archived: boolean;
  orgUnitPath: string;
  customerId: string;
  isMailboxSetup: boolean;
  /** Only on deleted users, which `showDeleted=true` lists. */
  deletionTime?: string;
};

export type FakeOrgUnit = {
  kind: 'admin#directory#orgUnit';
  etag: string;
  name: string;
  description: string;
  orgUnitPath: string;
  /** `id:<id>`; the Policy API names the same unit `orgUnits/<id>`. */
  orgUnitId: string;
  parentOrgUnitPath?: string;
  parentOrgUnitId?: string;
  blockInheritance: boolean;
};

export type FakePolicy = {
  name: string;
  customer: string;
  policyQuery: { orgUnit?: string; group?: string; sortOrder: number };
  setting: { type: string; value: Record<string, unknown> };
  type: 'SYSTEM' | 'ADMIN';
};

export type FakeParameter = {
  name: string;
  value?: string;
  intValue?: string;
  boolValue?: boolean;
  multiValue?: string[];
};

export type FakeActivity = {
  kind: 'admin#reports#activity';
  id: { time: string; uniqueQualifier: string; applicationName: string; customerId: string };
  etag: string;
  actor: { email: string; profileId: string; callerType: 'USER' };
  ipAddress?: string;
  ownerDomain?: string;
  events: { type: string; name: string; parameters: FakeParameter[] }[];
};

/** A user's OAuth grant to an outside app (Directory tokens.list). */
export type FakeToken = {
  kind: 'admin#directory#token';
  etag: string;
  clientId: string;
  displayText: string;
  anonymous: boolean;
  nativeApp: boolean;
  /** The user's id. */
  userKey: string;
  scopes: string[];
};

/** One day's Gmail figures of the customer usage report. */
export type GmailDay = { spam: number; received: number };

export type Workspace = {
  customerId: string;
  domain: string;
  /** Live users, in e-mail order. */
  users: FakeUser[];
  deletedUsers: FakeUser[];
  /** Every unit but the root, which `orgunits.list` does not return. */
  orgUnits: FakeOrgUnit[];
  rootOrgUnitId: string;
  policies: FakePolicy[];
  /** Per application (`login`, `drive`), newest first, as the Reports API lists them. */
  activities: Record<string, FakeActivity[]>;
  /** `yyyy-mm-dd` → figures; a date missing here has no data (yet). */
  gmail: Map<string, GmailDay>;
  /** Days before today (in UTC-8) without usage data; the oldest of them has partial data. */
  usageLagDays: number;
  /** User id → the grants they gave outside apps; none when absent. */
  tokens?: Record<string, FakeToken[]>;
  /** The members' phones and Chromebooks (devices.ts); none when absent. */
  mobileDevices?: FakeMobileDevice[];
  chromeosDevices?: FakeChromeOsDevice[];
  /** The users' licences of product Google-Apps (licensing.ts); none when absent. */
  licenses?: FakeLicenseAssignment[];
};
