import type {
  ApproveAppRequest,
  AppSuite,
  AppSuiteStatus,
  ConnectedApp,
  ConnectedAppsResponse,
  UnapproveAppRequest,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { csvFile } from '../../lib/csv';
import { NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import type { AppGrant, AppsUnknownReason, SuiteApps } from './app-facts';
import { classesOf, describeScope } from './app-scopes';
import {
  type ApprovedAppRow,
  deleteApprovedApp,
  listApprovedApps,
  listApprovedClientIds,
  upsertApprovedApp,
} from './repository';

/**
 * What a connected suite's last sync read of the apps: null before a first sync, and in facts of
 * syncs older than the apps read.
 */
export type SuiteAppsRead = { suite: AppSuite; apps: SuiteApps | null; readAt: Date | null };

/** Reads the suites the organisation has connected (given by the integrations module). */
export type SuiteAppsSource = (organizationId: string) => Promise<SuiteAppsRead[]>;

/** Who acts, and on which organisation's list. */
export type Caller = { actor: AuditActor; organizationId: string };

const SUITE_NAMES: Record<AppSuite, string> = {
  google: 'Google Workspace',
  microsoft: 'Microsoft 365',
};

const UNKNOWN_REASONS: Record<AppsUnknownReason, (suite: string) => string> = {
  'scope-missing': (suite) => `Reconnect ${suite} to allow reading apps.`,
  refused: (suite) =>
    `${suite} refused to list the apps: reconnect ${suite} with an administrator account and allow every permission asked, to allow reading apps.`,
};

/**
 * Where an administrator removes an app. Google: the Admin console's list of accessed apps
 * (Security → API controls → Manage Third-Party App Access); the page's address is assumed from
 * the console, which has no documented deep link per app. Microsoft: the app's page in the Entra
 * admin center's Enterprise applications, named by its service principal (the address is the
 * portal's own, assumed stable), where its permissions are reviewed and it is deleted.
 */
function removeUrlOf(suite: AppSuite, app: AppGrant): string {
  if (suite === 'google') return 'https://admin.google.com/ac/owl/list?tab=apps';
  if (!app.objectId) return 'https://entra.microsoft.com/';
  const objectId = encodeURIComponent(app.objectId);
  const appId = encodeURIComponent(app.clientId);
  return `https://entra.microsoft.com/#view/Microsoft_AAD_IAM/ManagedAppMenuBlade/~/Overview/objectId/${objectId}/appId/${appId}`;
}

const keyOf = (suite: AppSuite, clientId: string) => `${suite} ${clientId}`;

function statusOf(read: SuiteAppsRead): AppSuiteStatus {
  const name = SUITE_NAMES[read.suite];
  const readAt = read.readAt?.toISOString() ?? null;
  if (read.apps?.state === 'read')
    return { suite: read.suite, state: 'read', reason: null, readAt };
  const reason = read.apps
    ? UNKNOWN_REASONS[read.apps.reason](name)
    : read.readAt
      ? `The next sync of ${name} reads the apps.`
      : `The first sync of ${name} has not finished yet.`;
  return { suite: read.suite, state: 'unknown', reason, readAt };
}

function appOf(suite: AppSuite, app: AppGrant, approval: ApprovedAppRow | undefined): ConnectedApp {
  const scopes = app.scopes.map((s) => describeScope(suite, s));
  const reaches = classesOf(scopes);
  return {
    suite,
    clientId: app.clientId,
    name: app.name,
    publisher: app.publisher,
    scopes,
    reaches,
    holdsMailOrFiles: reaches.includes('mail') || reaches.includes('files'),
    people: app.people,
    everyone: app.everyone,
    lastUsedAt: null,
    approved: approval
      ? { by: approval.approvedBy, at: approval.approvedAt.toISOString(), note: approval.note }
      : null,
    removeUrl: removeUrlOf(suite, app),
  };
}

/** Those to act on first (mail or files, not approved), then by name. */
const rank = (a: ConnectedApp) => (a.holdsMailOrFiles && !a.approved ? 0 : 1);
const inOrder = (a: ConnectedApp, b: ConnectedApp) =>
  rank(a) - rank(b) || a.name.localeCompare(b.name, 'en') || (a.suite < b.suite ? -1 : 1);

/** The apps of every connected suite whose apps are known, with their approvals. */
export async function connectedAppsOf(
  db: Db,
  organizationId: string,
  suites: readonly SuiteAppsRead[],
): Promise<ConnectedAppsResponse> {
  const approvals = new Map(
    (await listApprovedApps(db, organizationId)).map((a) => [keyOf(a.suite, a.clientId), a]),
  );
  const apps = suites.flatMap((read) =>
    read.apps?.state === 'read'
      ? read.apps.apps.map((app) =>
          appOf(read.suite, app, approvals.get(keyOf(read.suite, app.clientId))),
        )
      : [],
  );
  return { suites: suites.map(statusOf), apps: apps.sort(inOrder) };
}

/** The client ids approved in `suite`, for its sync's verdict. */
export async function approvedClientIdsOf(
  db: Db,
  organizationId: string,
  suite: AppSuite,
): Promise<Set<string>> {
  return new Set(await listApprovedClientIds(db, organizationId, suite));
}

const notListedMessage = (suite: AppSuite, clientId: string) =>
  `No app ${clientId} has access to ${SUITE_NAMES[suite]}.`;

/** Puts an app the last sync found on the approved list (again: with the new note). */
export async function approveApp(
  db: Db,
  caller: Caller,
  request: ApproveAppRequest,
  suites: readonly SuiteAppsRead[],
): Promise<ConnectedAppsResponse> {
  const { suite, clientId } = request;
  const read = suites.find((s) => s.suite === suite)?.apps;
  const app = read?.state === 'read' ? read.apps.find((a) => a.clientId === clientId) : undefined;
  if (!app) throw new NotFoundError(notListedMessage(suite, clientId));
  const note = request.note?.trim() || null;
  await db.transaction(async (tx) => {
    await upsertApprovedApp(tx, caller.organizationId, {
      suite,
      clientId,
      approvedById: caller.actor.id,
      note,
    });
    await recordAuditEvent(tx, {
      action: 'connected_apps.approved',
      organizationId: caller.organizationId,
      actor: caller.actor,
      details: { suite, clientId, name: app.name, note },
    });
  });
  return connectedAppsOf(db, caller.organizationId, suites);
}

/** Takes an app off the approved list, whether or not the suite still lists it. */
export async function unapproveApp(
  db: Db,
  caller: Caller,
  request: UnapproveAppRequest,
  suites: readonly SuiteAppsRead[],
): Promise<ConnectedAppsResponse> {
  const { suite, clientId } = request;
  await db.transaction(async (tx) => {
    if (!(await deleteApprovedApp(tx, caller.organizationId, { suite, clientId }))) {
      throw new NotFoundError(`The app ${clientId} is not on the approved list.`);
    }
    await recordAuditEvent(tx, {
      action: 'connected_apps.unapproved',
      organizationId: caller.organizationId,
      actor: caller.actor,
      details: { suite, clientId },
    });
  });
  return connectedAppsOf(db, caller.organizationId, suites);
}

const REACH_WORDS: Record<string, string> = {
  mail: 'Mail',
  files: 'Files',
  calendar: 'Calendar',
  contacts: 'Contacts',
  other: 'Other',
  'sign-in': 'Sign-in only',
};

const VENDOR_HEADER = [
  'App',
  'Publisher',
  'Publisher verified',
  'Suite',
  'Data it can reach',
  'Permissions',
  'People',
  'Approved',
  'Approved by',
  'Approved at',
  'Note',
  'Client ID',
] as const;

/** The apps with access as the organisation's vendor list (CSV). */
export function vendorListCsv(list: ConnectedAppsResponse): string {
  const rows = list.apps.map((app) => [
    app.name,
    app.publisher?.name ?? '',
    app.publisher ? (app.publisher.verified ? 'yes' : 'no') : 'not reported',
    SUITE_NAMES[app.suite],
    app.reaches.map((c) => REACH_WORDS[c] ?? c).join(', '),
    app.scopes.map((s) => s.words).join('; '),
    app.everyone ? 'everyone' : app.people,
    app.approved ? 'yes' : 'no',
    app.approved?.by ?? '',
    app.approved?.at ?? '',
    app.approved?.note ?? '',
    app.clientId,
  ]);
  return csvFile(VENDOR_HEADER, rows);
}

/** Approves apps named by a partner's baseline, seen by a sync or not yet; each approval audited. */
export async function approveListedApps(
  db: Db,
  caller: Caller,
  apps: readonly { suite: AppSuite; clientId: string; name: string }[],
  note: string,
): Promise<void> {
  for (const app of apps) {
    await upsertApprovedApp(db, caller.organizationId, {
      suite: app.suite,
      clientId: app.clientId,
      approvedById: caller.actor.id,
      note,
    });
    await recordAuditEvent(db, {
      action: 'connected_apps.approved',
      organizationId: caller.organizationId,
      actor: caller.actor,
      details: { suite: app.suite, clientId: app.clientId, name: app.name, note },
    });
  }
}
