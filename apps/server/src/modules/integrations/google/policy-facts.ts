// The organisation-wide settings, read from the policies of the top-level org unit: the one
// policies name that is not among orgunits.list's units (which leaves the root out), or no
// unit at all. Where several policies set one setting there, the highest sortOrder wins
// (ScubaGoggles' rule).
import type { PolicyRecord } from './policies';
import { parseRfc3339 } from './rfc3339';

export type ExternalSharingMode = 'ALLOWED' | 'ALLOWLISTED_DOMAINS' | 'DISALLOWED';

export type WorkspacePolicies = {
  twoStepEnforced: boolean | null;
  externalSharingMode: ExternalSharingMode | null;
  autoForwardingEnabled: boolean | null;
  passwordPolicy: { minimumLength: number | null; enforcedAtLogin: boolean | null } | null;
};

const SETTINGS = {
  enrollment: 'settings/security.two_step_verification_enrollment',
  enforcement: 'settings/security.two_step_verification_enforcement',
  sharing: 'settings/drive_and_docs.external_sharing',
  // Unconfirmed setting type and value key: not among the settings ScubaGoggles reads.
  forwarding: 'settings/gmail.auto_forwarding',
  password: 'settings/security.password',
} as const;
const WANTED = new Set<string>(Object.values(SETTINGS));
const SHARING_MODES = new Set<string>(['ALLOWED', 'ALLOWLISTED_DOMAINS', 'DISALLOWED']);

/** Keeps, per org unit and setting, the policy that wins; the rest streams past. */
export function createPolicyCollector() {
  const winners = new Map<string, PolicyRecord>();
  const keyOf = (p: PolicyRecord) => `${p.orgUnit ?? ''} ${p.settingType}`;
  return {
    add(policy: PolicyRecord) {
      if (policy.group !== null || !WANTED.has(policy.settingType)) return;
      const current = winners.get(keyOf(policy));
      if (!current || policy.sortOrder > current.sortOrder) winners.set(keyOf(policy), policy);
    },
    result(childOrgUnitIds: ReadonlySet<string>, now: Date): WorkspacePolicies {
      const root = new Map<string, Record<string, unknown>>();
      for (const p of winners.values()) {
        if (p.orgUnit !== null && childOrgUnitIds.has(p.orgUnit)) continue;
        root.set(p.settingType, p.value);
      }
      return rootPolicies(root, now);
    },
  };
}

const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * ScubaGoggles' rule for 2SV: enforced iff enrollment is allowed and `enforcedFrom` is a valid
 * RFC 3339 time, after the zero time, and not in the future.
 */
function twoStepEnforced(root: Map<string, Record<string, unknown>>, now: Date): boolean | null {
  const enrollment = root.get(SETTINGS.enrollment);
  if (!enrollment) return null;
  if (enrollment.allowEnrollment !== true) return false;
  const from = parseRfc3339(root.get(SETTINGS.enforcement)?.enforcedFrom);
  return from !== null && from > 0 && from <= now.getTime();
}

function rootPolicies(root: Map<string, Record<string, unknown>>, now: Date): WorkspacePolicies {
  const mode = root.get(SETTINGS.sharing)?.externalSharingMode;
  const password = root.get(SETTINGS.password);
  return {
    twoStepEnforced: twoStepEnforced(root, now),
    externalSharingMode:
      typeof mode === 'string' && SHARING_MODES.has(mode) ? (mode as ExternalSharingMode) : null,
    autoForwardingEnabled: bool(root.get(SETTINGS.forwarding)?.enableAutoForwarding),
    passwordPolicy: password
      ? {
          minimumLength: num(password.minimumLength),
          enforcedAtLogin: bool(password.enforceRequirementsAtLogin),
        }
      : null,
  };
}
