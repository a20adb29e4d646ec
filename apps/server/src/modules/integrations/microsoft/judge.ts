import type { Db } from '../../../db/client';
import { approvedClientIdsOf } from '../../connected-apps/service';
import type { IntegrationRow } from '../kit/repository';
import { recordSuiteVerdicts } from '../kit/suite-verdicts';
import { m365Verdicts, type StoredM365Facts } from './verdicts';

/** Records the task verdicts of the last Microsoft 365 sync's facts. */
export async function judgeMicrosoft365(
  db: Db,
  row: IntegrationRow,
  members: readonly { id: string; email: string }[],
  speaksForSignIn: (email: string) => boolean,
): Promise<void> {
  if (!row.facts || !row.lastScan) return;
  const facts = row.facts as StoredM365Facts;
  const approvedApps = await approvedClientIdsOf(db, row.organizationId, 'microsoft');
  await recordSuiteVerdicts(
    db,
    row,
    'm365',
    m365Verdicts(facts, members, speaksForSignIn, approvedApps),
    facts.userCount,
  );
}
