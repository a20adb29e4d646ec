import type { Db } from '../../../db/client';
import type { Member, ProviderAdapter } from '../kit/adapter';
import type { IntegrationRow } from '../kit/repository';
import { recordSuiteVerdicts } from '../kit/suite-verdicts';
import { WHERE_THE_KEY_IS } from './bitwarden-key';
import type { StoredBitwardenFacts } from './facts';
import { bitwardenVerdicts } from './verdicts';

export const BITWARDEN_FAILURE: ProviderAdapter['failures'] = {
  invalid_token: `Bitwarden no longer accepts the organisation’s API key: it was rotated, or the plan no longer includes the API. Connect Bitwarden again with the current key. ${WHERE_THE_KEY_IS}`,
  permission_missing:
    'Bitwarden refused to show the organisation’s members: its plan may no longer include the Public API (Teams or Enterprise). Check the plan, then connect Bitwarden again.',
  rate_limited: 'Bitwarden asked us to slow down; the sync will try again shortly.',
  unavailable: 'Bitwarden did not answer; the sync will try again shortly.',
  failed:
    'Bitwarden answered in a way Castellan did not understand; the sync will try again later.',
};

/** Records Bitwarden's verdicts from the last sync's facts. */
export async function judgeBitwarden(
  db: Db,
  row: IntegrationRow,
  members: readonly Member[],
): Promise<void> {
  if (!row.facts || !row.lastScan) return;
  const facts = row.facts as StoredBitwardenFacts;
  await recordSuiteVerdicts(
    db,
    row,
    'bitwarden',
    bitwardenVerdicts(facts, members),
    facts.members.length,
  );
}
