// The baseline form's state as typed, the contract's checks the page can make before sending,
// and the request built from it. The server checks everything again.
import type { AppSuite, Baseline, BaselineRequest } from '@castellan/contract';
import { consumerDomainMessage } from '@castellan/contract/allow-list-value';
import { parsePublicDomain } from '@castellan/contract/domain';
import { BASELINE_LIMITS } from '@castellan/contract/partner-rules';
import { isConsumerEmailDomain } from '@castellan/contract/vocabulary';

/** A setting the baseline switches on, off, or leaves as each client has it. */
export type Switch = 'leave' | 'on' | 'off';

export const SWITCH_OPTIONS: { value: Switch; label: string }[] = [
  { value: 'leave', label: 'Leave as is' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

export type AppRow = { key: number; suite: AppSuite; clientId: string; name: string };

export type BaselineDraft = {
  name: string;
  notApplicable: { catalogueId: string; reason: string }[];
  weeklyReminders: Switch;
  nudges: Switch;
  escalationOff: string[];
  /** One domain a line, as typed. */
  trustedDomains: string;
  approvedApps: AppRow[];
};

let nextRow = 0;
export const newAppRow = (over: Partial<AppRow> = {}): AppRow => ({
  key: nextRow++,
  suite: 'google',
  clientId: '',
  name: '',
  ...over,
});

const toSwitch = (value: boolean | null): Switch =>
  value === null ? 'leave' : value ? 'on' : 'off';
const fromSwitch = (value: Switch): boolean | null => (value === 'leave' ? null : value === 'on');

/** The form's start: a new baseline's empty one, or the saved baseline's settings. */
export function draftOf(baseline: Baseline | null): BaselineDraft {
  const settings = baseline?.settings;
  return {
    name: baseline?.name ?? '',
    notApplicable: settings?.notApplicable.map((n) => ({ ...n })) ?? [],
    weeklyReminders: toSwitch(settings?.weeklyReminders ?? null),
    nudges: toSwitch(settings?.nudges ?? null),
    escalationOff: [...(settings?.escalationOff ?? [])],
    trustedDomains: settings?.trustedDomains.join('\n') ?? '',
    approvedApps: settings?.approvedApps.map((app) => newAppRow(app)) ?? [],
  };
}

export type DraftErrors = {
  name?: string;
  /** By catalogue id. */
  reasons: Record<string, string>;
  trustedDomains?: string;
  approvedApps?: string;
  /** By row key. */
  appClientIds: Record<number, string>;
  appNames: Record<number, string>;
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function nameError(name: string): string | undefined {
  const typed = name.trim();
  if (!typed) return 'Give the baseline a name.';
  if (typed.length > BASELINE_LIMITS.nameLength) {
    return `Keep the name to ${BASELINE_LIMITS.nameLength} characters.`;
  }
  return undefined;
}

function reasonError(reason: string): string | undefined {
  const length = reason.trim().length;
  if (length < 3) return 'Give a reason of at least 3 characters.';
  if (length > 500) return 'Keep the reason to 500 characters.';
  return undefined;
}

function trustedDomainsError(text: string): string | undefined {
  const entries = lines(text);
  if (entries.length > BASELINE_LIMITS.trustedDomains) {
    return `Keep at most ${BASELINE_LIMITS.trustedDomains} trusted domains.`;
  }
  for (const entry of entries) {
    const parsed = parsePublicDomain(entry, { allowReserved: true, pasted: true });
    if (!parsed.ok) return `${entry}: ${parsed.error}`;
    if (isConsumerEmailDomain(parsed.domain)) return consumerDomainMessage(parsed.domain);
  }
  return undefined;
}

/** What stops the draft from being sent; every field empty when nothing does. */
export function draftErrors(draft: BaselineDraft): DraftErrors {
  const errors: DraftErrors = { reasons: {}, appClientIds: {}, appNames: {} };
  errors.name = nameError(draft.name);
  for (const { catalogueId, reason } of draft.notApplicable) {
    const error = reasonError(reason);
    if (error) errors.reasons[catalogueId] = error;
  }
  errors.trustedDomains = trustedDomainsError(draft.trustedDomains);
  if (draft.approvedApps.length > BASELINE_LIMITS.approvedApps) {
    errors.approvedApps = `Keep at most ${BASELINE_LIMITS.approvedApps} apps.`;
  }
  for (const app of draft.approvedApps) {
    const clientId = app.clientId.trim();
    if (!clientId) errors.appClientIds[app.key] = 'Enter the app’s client id.';
    else if (clientId.length > 200)
      errors.appClientIds[app.key] = 'Keep the client id to 200 characters.';
    if (app.name.trim().length > 200) errors.appNames[app.key] = 'Keep the name to 200 characters.';
  }
  return errors;
}

export const hasErrors = (errors: DraftErrors) =>
  Boolean(errors.name || errors.trustedDomains || errors.approvedApps) ||
  [errors.reasons, errors.appClientIds, errors.appNames].some((e) => Object.keys(e).length > 0);

/** The request the draft stands for; trusted domains reduced to their host names. */
export function requestOf(draft: BaselineDraft): BaselineRequest {
  const domains = lines(draft.trustedDomains).map((entry) => {
    const parsed = parsePublicDomain(entry, { allowReserved: true, pasted: true });
    return parsed.ok ? parsed.domain : entry;
  });
  return {
    name: draft.name.trim(),
    settings: {
      notApplicable: draft.notApplicable.map((n) => ({
        catalogueId: n.catalogueId,
        reason: n.reason.trim(),
      })),
      weeklyReminders: fromSwitch(draft.weeklyReminders),
      nudges: fromSwitch(draft.nudges),
      escalationOff: draft.escalationOff,
      trustedDomains: [...new Set(domains)],
      approvedApps: draft.approvedApps.map((app) => ({
        suite: app.suite,
        clientId: app.clientId.trim(),
        name: app.name.trim(),
      })),
    },
  };
}
