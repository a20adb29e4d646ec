import type { MicrosoftSummaryResponse } from '@castellan/contract';
import type { Db } from '../../../db/client';
import { ConflictError } from '../../../lib/errors';
import { findIntegrationRow } from '../kit/repository';
import type { StoredM365Facts } from './verdicts';

/** What the last Microsoft 365 sync read; 409 when it is not connected or not read yet. */
export async function microsoftSummary(
  db: Db,
  organizationId: string,
): Promise<MicrosoftSummaryResponse> {
  const row = await findIntegrationRow(db, organizationId, 'm365');
  if (!row) {
    throw new ConflictError('Microsoft 365 is not connected. Connect it on the Integrations page.');
  }
  if (!row.facts) {
    throw new ConflictError(
      'Microsoft 365 has not been read yet. Try again once the first sync has finished.',
    );
  }
  const facts = row.facts as StoredM365Facts;
  return {
    globalAdmins: facts.globalAdmins,
    staleUsers: facts.staleUsers,
    securityDefaultsEnabled: facts.securityDefaultsEnabled,
    conditionalAccessRequiresMfa: facts.conditionalAccessRequiresMfa,
    membersWithoutMfa: facts.memberMfa
      ? Object.values(facts.memberMfa).filter((m) => !m.registered).length
      : null,
    needsP1: facts.needsP1,
  };
}
