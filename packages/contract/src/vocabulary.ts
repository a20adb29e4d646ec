import { byProvider, PROVIDER_IDS } from './providers';
/**
 * Shared vocabularies of the product spec: one definition used by server and web app. No zod
 * here, so the web app can import it (as `@castellan/contract/vocabulary`) without the schemas.
 */

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const ORGANIZATION_STATUSES = ['PENDING', 'REGISTERED'] as const;

export const PRODUCT_NAME = 'Castellan';

/** Whether a domain is the product's own domain or one of its subdomains. */
export const isProductDomain = (domain: string, productDomain: string): boolean =>
  domain === productDomain || domain.endsWith(`.${productDomain}`);

/** Free e-mail services: their addresses cannot found or join an organisation. */
export const CONSUMER_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
] as const;

export const isConsumerEmailDomain = (domain: string): boolean =>
  (CONSUMER_EMAIL_DOMAINS as readonly string[]).includes(domain.toLowerCase());

/** Task labels (spec §3). A task carries one category, its platforms, one priority, one risk and one scope. */
export const TASK_CATEGORIES = [
  'First things first',
  'Quick fix',
  'Basic protection',
  'Extra protection',
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/** What the cyber score measures: every task counts towards exactly one part. */
export const SCORE_PARTS = [
  'Identity and accounts',
  'Devices',
  'E-mail and domain',
  'People and process',
] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];

export const TASK_PLATFORMS = [
  'Google',
  'Microsoft 365',
  'Gmail',
  'Windows',
  'macOS',
  'Linux',
  'iOS',
  'Android',
  'Apple ID',
  'Apple Account',
  'Social media',
  'Detection',
] as const;
export type TaskPlatform = (typeof TASK_PLATFORMS)[number];

export const PRIORITY_LABELS = ['Low priority', 'Medium priority', 'High priority'] as const;

export const RISK_LABELS = [
  'Info',
  'Low risk',
  'Medium risk',
  'High risk',
  'Critical risk',
] as const;

export const TASK_SCOPES = ['Individual', 'Admin'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

export const TASK_LABELS = [
  ...TASK_CATEGORIES,
  ...TASK_PLATFORMS,
  ...PRIORITY_LABELS,
  ...RISK_LABELS,
  ...TASK_SCOPES,
] as const;
export type TaskLabel = (typeof TASK_LABELS)[number];

export const SEVERITIES = ['Info', 'Low', 'Medium', 'High', 'Critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const AUTOMATION_KINDS = [
  'NotAutomatable',
  'WorkInProgress',
  'AutomatableBackend',
  'AutomatableAgent',
  'AutomatableNotAvailable',
] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

export const GRADES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type Grade = (typeof GRADES)[number];

/** Lowest score of each grade, for the cyber score and the domain report alike. */
export const GRADE_BANDS: readonly [minimum: number, grade: Grade][] = [
  [90, 'A'],
  [80, 'B'],
  [70, 'C'],
  [60, 'D'],
  [50, 'E'],
  [0, 'F'],
];

/** The grade of a score from 0 to 100. */
export const gradeFor = (score: number): Grade =>
  GRADE_BANDS.find(([minimum]) => score >= minimum)?.[1] ?? 'F';

/** Used when an organisation has no estimate of its own, or one of 0 or less (USD). */
export const DEFAULT_EXPECTED_BREACH_COST = 4_880_000;

/**
 * What checks tasks automatically: the domain scan, the integrations, the endpoint agent and
 * phishing practice (what each person did with their practice messages).
 */
export const EVIDENCE_SOURCES = [
  'domain-scan',
  ...PROVIDER_IDS,
  'agent',
  'phishing-practice',
] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];
export const EVIDENCE_SOURCE_NAMES: Record<EvidenceSource, string> = {
  'domain-scan': 'Domain scan',
  ...byProvider((_, p) => p.name),
  agent: 'Endpoint agent',
  'phishing-practice': 'Phishing practice',
};
