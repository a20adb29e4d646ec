import { appsVerdict, type SuiteApps } from '../../connected-apps/app-facts';
import type { Verdict } from '../../tasks/evidence';
import { checkTasksOf, type ProviderCheck } from '../kit/checks';
import { listed, organisationVerdict, SUPER_ADMINS } from '../kit/verdict-text';
import type { M365TenantFacts, P1Check } from './index';
import { planName } from './plan';

/** What a Microsoft 365 sync keeps (JSON in `integrations.facts`) and judges tasks from. */
export type StoredM365Facts = M365TenantFacts & {
  /** The outside apps people or administrators let in (app-grants.ts); absent in older facts. */
  apps?: SuiteApps;
};

/** What a check the tenant's licence does not allow shows instead of a result. */
export const NEEDS_P1 = 'needs Entra ID P1';

/**
 * Each check a Microsoft 365 sync judges, the catalogue task its verdict decides and the Entra ID
 * P1 read it needs (if any): what the card lists. (Failed sign-ins are counted as stopped attacks,
 * not judged.)
 */
export const M365_CHECKS = [
  {
    key: 'mfa-registration',
    name: 'MFA registration',
    description: 'Verifies every user has registered a second sign-in method.',
    task: 'enable-mfa',
    needs: 'mfa-registration',
  },
  {
    key: 'mfa-enforced',
    name: 'MFA enforced',
    description:
      'Verifies security defaults or a Conditional Access policy require MFA for all users.',
    task: 'enforce-mfa-microsoft-365',
    needs: null,
  },
  {
    key: 'global-admins',
    name: 'Global Administrators',
    description: 'Verifies there are two to four Global Administrators.',
    task: 'limit-super-admins',
    needs: null,
  },
  {
    key: 'stale-accounts',
    name: 'Unused accounts',
    description: 'Finds accounts nobody has signed in to for 90 days.',
    task: 'remove-stale-accounts',
    needs: 'sign-in-activity',
  },
  {
    key: 'third-party-apps',
    name: 'Apps with access',
    description: 'Finds outside apps that can reach mail or files and are not approved.',
    task: 'review-third-party-apps',
    needs: null,
  },
] as const satisfies readonly (ProviderCheck & { needs: P1Check | null })[];
export const M365_CHECK_TASKS = checkTasksOf(M365_CHECKS);

/** Why a check cannot run on the tenant the last sync read, or null. */
export function m365Unavailable(facts: StoredM365Facts | null, key: string): string | null {
  const needs = M365_CHECKS.find((c) => c.key === key)?.needs;
  return needs && facts?.needsP1.includes(needs) ? NEEDS_P1 : null;
}

/** What to do instead when the plan cannot run a check: the free way, on every plan. */
const FREE_INSTEAD: Readonly<Record<string, string>> = {
  'mfa-registration':
    'The free way: turn on Security Defaults (Entra admin center → Overview → Properties), which makes everyone register a second sign-in method; the "MFA enforced" check then shows it.',
  'mfa-enforced':
    'Conditional Access needs Entra ID P1; Security Defaults, free on every plan, enforce MFA for everyone instead.',
  'stale-accounts':
    'The free way: the Microsoft 365 admin center lists each account’s last activity (Reports → Usage → Active users); remove or block the unused ones there.',
};

/**
 * A check the tenant's plan limits, in a sentence naming the plan and the free alternative; null
 * when the plan does not limit it (or is unknown: older syncs).
 */
export function m365PlanNote(facts: StoredM365Facts | null, key: string): string | null {
  if (!facts?.plan || facts.plan.entraP1) return null;
  const check = M365_CHECKS.find((c) => c.key === key);
  const limited = check?.needs
    ? facts.needsP1.includes(check.needs)
    : key === 'mfa-enforced' &&
      facts.needsP1.includes('conditional-access') &&
      facts.securityDefaultsEnabled === false;
  if (!limited) return null;
  return `${planName(facts.plan)} does not include Entra ID P1. ${FREE_INSTEAD[key] ?? ''}`.trim();
}

const task = M365_CHECK_TASKS;

/**
 * Turns what a sync read into task verdicts. A check the tenant's licence does not allow
 * (no Entra ID P1) gives no verdict: it counts neither way and its task stays manual.
 */
export function m365Verdicts(
  facts: StoredM365Facts,
  members: readonly { id: string; email: string }[],
  speaksForSignIn: (email: string) => boolean = () => true,
  approvedApps: ReadonlySet<string> = new Set(),
): Verdict[] {
  const verdicts: Verdict[] = [];
  const mfa = facts.memberMfa;
  for (const m of mfa ? members : []) {
    const email = m.email.toLowerCase();
    const state = mfa?.[email];
    if (!state || !speaksForSignIn(email)) continue;
    verdicts.push({
      catalogueId: task['mfa-registration'],
      userId: m.id,
      verdict: state.registered ? 'pass' : 'fail',
      detail: state.registered
        ? null
        : 'Your Microsoft 365 account has no second sign-in method registered.',
    });
  }

  const enforced =
    facts.securityDefaultsEnabled === true || facts.conditionalAccessRequiresMfa === true;
  if (facts.securityDefaultsEnabled !== null) {
    verdicts.push(
      organisationVerdict(
        task['mfa-enforced'],
        enforced,
        'Microsoft 365 does not require MFA for everyone: security defaults are off and no Conditional Access policy requires it.',
      ),
    );
  }
  const admins = facts.globalAdmins.length;
  verdicts.push(
    organisationVerdict(
      task['global-admins'],
      admins >= SUPER_ADMINS.min && admins <= SUPER_ADMINS.max,
      `Microsoft 365 has ${admins} Global Administrator${admins === 1 ? '' : 's'}; keep two to four.`,
    ),
  );
  if (facts.staleUsers) {
    const stale = facts.staleUsers.map((u) => u.email);
    verdicts.push(
      organisationVerdict(
        task['stale-accounts'],
        stale.length === 0,
        `${stale.length} Microsoft 365 account${stale.length === 1 ? ' is' : 's are'} not used any more: ${listed(stale)}.`,
      ),
    );
  }
  const apps = appsVerdict(task['third-party-apps'], 'microsoft', facts.apps, approvedApps);
  if (apps) verdicts.push(apps);
  return verdicts;
}
