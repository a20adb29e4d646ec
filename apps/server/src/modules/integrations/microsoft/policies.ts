// Whether MFA is required tenant-wide: security defaults, or a Conditional Access policy.
import { z } from 'zod';
import type { GraphApi } from './graph-api';
import { parseItems, parseOne } from './parse-items';

const DEFAULTS_PATH = '/v1.0/policies/identitySecurityDefaultsEnforcementPolicy';
const CA_PATH = '/v1.0/identity/conditionalAccess/policies';

/** Security defaults' isEnabled; null when the answer does not say. */
export async function readSecurityDefaults(
  api: GraphApi,
  signal?: AbortSignal,
): Promise<boolean | null> {
  const body = await api.get<unknown>(DEFAULTS_PATH, {}, signal);
  const policy = parseOne(z.object({ isEnabled: z.boolean().nullish() }), body, DEFAULTS_PATH);
  return policy.isEnabled ?? null;
}

const caPolicy = z.object({
  state: z.string().nullish(),
  conditions: z
    .object({ users: z.object({ includeUsers: z.array(z.string()).nullish() }).nullish() })
    .nullish(),
  grantControls: z.object({ builtInControls: z.array(z.string()).nullish() }).nullish(),
});

/**
 * An enforced policy requiring MFA of all users. Report-only policies
 * ('enabledForReportingButNotEnforced') enforce nothing. Needs Entra ID P1.
 */
export async function readConditionalAccessMfa(
  api: GraphApi,
  signal?: AbortSignal,
): Promise<boolean> {
  let found = false;
  for await (const page of api.getAll(CA_PATH, {}, signal)) {
    for (const p of parseItems(caPolicy, page, `Graph ${CA_PATH}`)) {
      found ||=
        p.state === 'enabled' &&
        (p.grantControls?.builtInControls ?? []).includes('mfa') &&
        (p.conditions?.users?.includeUsers ?? []).includes('All');
    }
  }
  return found;
}
