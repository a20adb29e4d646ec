// How the Partner console's roll-up orders, filters and words each client's figures.
import type { PartnerClientSummary, PartnerGap } from '@castellan/contract';
import { PARTNER_TREND_DAYS } from '@castellan/contract/partner-rules';

export const SORT_ORDERS = ['name', 'score', 'critical', 'devices', 'attention'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'score', label: 'Score, lowest first' },
  { value: 'critical', label: 'Open critical tasks, most first' },
  { value: 'devices', label: 'Devices not reporting, most first' },
  { value: 'attention', label: 'Needing attention first' },
];

/** A client someone should look at: open critical tasks, an integration or a device in trouble. */
export const needsAttention = (client: PartnerClientSummary) =>
  client.openCritical > 0 ||
  client.integrationsNeedingAttention.length > 0 ||
  client.devicesNotReporting > 0;

const byName = (a: PartnerClientSummary, b: PartnerClientSummary) =>
  a.domain.localeCompare(b.domain);

const COMPARE: Record<SortOrder, (a: PartnerClientSummary, b: PartnerClientSummary) => number> = {
  name: () => 0,
  score: (a, b) => a.score - b.score,
  critical: (a, b) => b.openCritical - a.openCritical,
  devices: (a, b) => b.devicesNotReporting - a.devicesNotReporting,
  attention: (a, b) => Number(needsAttention(b)) - Number(needsAttention(a)),
};

export type RollupView = { sort: SortOrder; search: string; attentionOnly: boolean };

/** The clients the roll-up shows, in its order; equal ones by name. */
export function clientsInView(
  clients: readonly PartnerClientSummary[],
  { sort, search, attentionOnly }: RollupView,
): PartnerClientSummary[] {
  const typed = search.trim().toLowerCase();
  return clients
    .filter((client) => !typed || client.domain.toLowerCase().includes(typed))
    .filter((client) => !attentionOnly || needsAttention(client))
    .sort((a, b) => COMPARE[sort](a, b) || byName(a, b));
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** "+5 in 30 days", "−3 in 30 days", "no change in 30 days", or "no trend yet". */
export function trendWords(trend: number | null): string {
  if (trend === null) return 'no trend yet';
  const change = Math.round(trend);
  const days = `in ${PARTNER_TREND_DAYS} days`;
  if (change === 0) return `no change ${days}`;
  return `${change > 0 ? '+' : '−'}${Math.abs(change)} ${days}`;
}

/** The arrow beside the trend; decoration only, the words say it. */
export function trendArrow(trend: number | null): string {
  if (trend === null) return '';
  const change = Math.round(trend);
  return change > 0 ? '↑' : change < 0 ? '↓' : '→';
}

export const devicesWords = ({ devices, devicesNotReporting }: PartnerClientSummary) =>
  devices === 0 ? 'No devices' : `${devicesNotReporting} of ${devices}`;

/** "Turn on two-step verification: open for 37 people in 6 clients". */
export const gapSentence = (gap: PartnerGap) =>
  `${gap.title}: open for ${gap.people} ${plural(gap.people, 'person', 'people')} in ${gap.clients} ${plural(gap.clients, 'client', 'clients')}`;
