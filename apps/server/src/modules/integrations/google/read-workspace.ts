// Reads what the product reports about a Google Workspace. The independent lists (users, org
// units, policies, login failures, the three Drive sharing events, the spam report dates) are
// read at once, each page by page, so the whole read takes about as long as its longest list.
// Nothing holds the list of users: they are counted as they stream past.

import { runTogether } from '../kit/run-together';
import type { SuiteDevicesRead } from '../kit/suite-device';
import { sumBlockedSpam } from './blocked-spam';
import { readDevices } from './devices';
import { listChildOrgUnitIds, listUsers } from './directory';
import { createShareLedger, DRIVE_SHARING_EVENTS, type ExternalShare } from './external-shares';
import type { GoogleApi } from './google-api';
import { listPolicies } from './policies';
import { createPolicyCollector, type WorkspacePolicies } from './policy-facts';
import { listAuditEvents } from './reports';
import { createUserTally, type StaleUser } from './user-tally';

export type GoogleWorkspaceFacts = {
  /** Active users (not suspended, not archived). */
  userCount: number;
  /** Active users with super-admin rights. */
  superAdminCount: number;
  /** Active users not enrolled in 2-Step Verification. */
  usersWithout2Sv: number;
  /** For each Castellan member's e-mail found in the workspace (lower-case): 2SV state. */
  memberMfa: Map<string, { enrolled: boolean; enforced: boolean }>;
  /** The members (lower-case e-mail) whose mailbox is in Gmail. */
  mailboxes: string[];
  /** Lower-case e-mails of the active accounts, sorted. */
  directory: string[];
  /**
   * Active accounts not signed in for 90 days, or never signed in and created more than 30
   * days ago; sorted by e-mail.
   */
  staleUsers: StaleUser[];
  /** Settings of the top-level org unit; null where unknown. */
  policies: WorkspacePolicies;
  /** login_failure events over the last 30 days. */
  failedLogins30d: number;
  /** Inbound spam over the latest 30 report days with data (see blocked-spam.ts); null: no data yet. */
  blockedSpam: number | null;
  /**
   * Drive shares outside `domain` from the last 180 days of audit log, in their latest state
   * per file and audience; a file later made private is left out. Newest first.
   */
  externalShares: ExternalShare[];
  /** The members' phones and Chromebooks, or why unknown (see devices.ts). */
  devices: SuiteDevicesRead;
};

const DAY = 86_400_000;
export const FAILED_LOGIN_DAYS = 30;
/** How far back Google keeps the Drive audit log. */
export const DRIVE_AUDIT_DAYS = 180;

export async function readWorkspace(
  api: GoogleApi,
  input: { domain: string; memberEmails: ReadonlySet<string>; now: Date; signal?: AbortSignal },
): Promise<GoogleWorkspaceFacts> {
  const { now } = input;
  const readUsers = async (signal: AbortSignal) => {
    const tally = createUserTally({ memberEmails: input.memberEmails, now });
    for await (const user of listUsers(api, signal)) tally.add(user);
    return tally.result();
  };

  const readPolicies = async (signal: AbortSignal) => {
    const collector = createPolicyCollector();
    const [children] = await runTogether(signal, [
      (s: AbortSignal) => listChildOrgUnitIds(api, s),
      async (s: AbortSignal) => {
        for await (const policy of listPolicies(api, s)) collector.add(policy);
      },
    ] as const);
    return collector.result(children, now);
  };

  const countFailedLogins = async (signal: AbortSignal) => {
    let count = 0;
    const events = listAuditEvents(api, {
      application: 'login',
      eventName: 'login_failure',
      startTime: new Date(now.getTime() - FAILED_LOGIN_DAYS * DAY),
      signal,
    });
    for await (const event of events) if (Date.parse(event.time) <= now.getTime()) count += 1;
    return count;
  };

  const readShares = async (signal: AbortSignal) => {
    const ledger = createShareLedger(input.domain);
    const startTime = new Date(now.getTime() - DRIVE_AUDIT_DAYS * DAY);
    await runTogether(
      signal,
      DRIVE_SHARING_EVENTS.map((eventName) => async (s: AbortSignal) => {
        const events = listAuditEvents(api, {
          application: 'drive',
          eventName,
          startTime,
          withParameters: true,
          signal: s,
        });
        for await (const event of events) {
          if (Date.parse(event.time) <= now.getTime()) ledger.add(event);
        }
      }),
    );
    return ledger.result();
  };

  const [users, policies, failedLogins30d, externalShares, blockedSpam, devices] =
    await runTogether(input.signal, [
      readUsers,
      readPolicies,
      countFailedLogins,
      readShares,
      (signal: AbortSignal) => sumBlockedSpam(api, now, signal),
      (signal: AbortSignal) => readDevices(api, input.memberEmails, signal),
    ] as const);
  return { ...users, policies, failedLogins30d, blockedSpam, externalShares, devices };
}
