import type { ScorePart } from '@castellan/contract/vocabulary';
import { accounts } from './accounts';
import { admin } from './admin';
import { cloud } from './cloud';
import { data } from './data';
import { devices } from './devices';
import { email } from './email';
import { people } from './people';
import { processes } from './processes';
import type { CatalogueEntry, CatalogueTask } from './types';

/**
 * The part of the score each task counts towards: its file's part, unless listed below.
 * The admin file gathers organisation-wide settings of every kind, so many of its tasks differ.
 */
const FILE_PARTS: [entries: readonly CatalogueEntry[], part: ScorePart][] = [
  [accounts, 'Identity and accounts'],
  [devices, 'Devices'],
  [email, 'E-mail and domain'],
  [admin, 'Identity and accounts'],
  [cloud, 'Identity and accounts'],
  [data, 'People and process'],
  [people, 'People and process'],
  [processes, 'People and process'],
];

export const PART_OVERRIDES: Readonly<Record<string, ScorePart>> = {
  // admin.ts: the domain and website, the office network, joiners and leavers, sharing.
  'dns-dnssec': 'E-mail and domain',
  'dns-caa': 'E-mail and domain',
  'web-https-redirect': 'E-mail and domain',
  'web-hsts': 'E-mail and domain',
  'web-security-headers': 'E-mail and domain',
  'web-security-txt': 'E-mail and domain',
  'web-tls-certificate': 'E-mail and domain',
  'protect-domain-registration': 'E-mail and domain',
  'secure-office-wifi': 'Devices',
  'firewall-on-servers': 'Devices',
  'dns-filtering': 'Devices',
  'onboarding-checklist': 'People and process',
  'offboarding-checklist': 'People and process',
  'restrict-external-sharing': 'People and process',
  // people.ts: sign-in protection of shared and messaging accounts.
  'protect-social-media-accounts': 'Identity and accounts',
  'meta-business-mfa': 'Identity and accounts',
  'protect-messaging-apps': 'Identity and accounts',
  // cloud.ts: the AWS account's logging and its storage.
  'aws-cloudtrail-on': 'People and process',
  'aws-block-public-s3': 'People and process',
};

/** Every catalogue entry with its part, in the catalogue's order. */
export const withParts = (): CatalogueTask[] =>
  FILE_PARTS.flatMap(([entries, part]) =>
    entries.map((entry) => ({ ...entry, part: PART_OVERRIDES[entry.id] ?? part })),
  );
