import {
  parseTrustedDomain,
  type TrustedDomainContext,
  trustedDomainsSaveError,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import {
  findTrustedDomains,
  lockOrganization,
  saveTrustedDomains,
} from '../organizations/repository';

async function load(db: Db, organizationId: string) {
  const row = await findTrustedDomains(db, organizationId);
  if (!row) throw new NotFoundError('This organisation no longer exists.');
  const context: TrustedDomainContext = {
    organizationDomain: row.domain,
    allowReserved: row.isDemo,
  };
  return { trustedDomains: row.trustedDomains, context };
}

/** The domains an organisation counts as internal besides its own (lower-case punycode). */
export async function trustedDomainsOf(db: Db, organizationId: string): Promise<string[]> {
  return (await load(db, organizationId)).trustedDomains;
}

/**
 * Replaces the list after the same checks the Settings page runs: each entry a public host name
 * that is neither a consumer mail domain nor the organisation's own. Answers the saved list.
 */
export async function replaceTrustedDomains(
  db: Db,
  caller: { actor: AuditActor; organizationId: string },
  requested: readonly string[],
): Promise<string[]> {
  const { organizationId, actor } = caller;
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const { trustedDomains: before, context } = await load(tx, organizationId);
    const refusal = trustedDomainsSaveError(requested, context);
    if (refusal) throw new BadRequestError(refusal);
    const saved = [
      ...new Set(
        requested.map((entry) => {
          const parsed = parseTrustedDomain(entry, context);
          if (!parsed.ok) throw new BadRequestError(parsed.error);
          return parsed.domain;
        }),
      ),
    ].sort();
    if (saved.join('\n') !== before.join('\n')) {
      await saveTrustedDomains(tx, organizationId, saved);
      await recordAuditEvent(tx, {
        action: 'trusted_domains.updated',
        organizationId,
        actor,
        details: {
          added: saved.filter((d) => !before.includes(d)),
          removed: before.filter((d) => !saved.includes(d)),
        },
      });
    }
    return saved;
  });
}
