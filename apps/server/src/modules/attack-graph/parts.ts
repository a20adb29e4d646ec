import type { AttackAsset } from '@castellan/contract';

/**
 * The attacker steps, assets and impacts an attack path goes through. `factor` is how often a
 * step succeeds once its entry point is open; `impact` is how much of a breach's cost losing
 * the asset brings about (the model is in docs/using.md, "Expected breach cost").
 */
export const STEPS = {
  phishing: {
    label: 'Phishing',
    description:
      'A convincing e-mail or message tricks someone into giving away a password or opening a file.',
    factor: 0.9,
  },
  'password-spraying': {
    label: 'Password spraying',
    description: 'Common and leaked passwords are tried against every account until one works.',
    factor: 0.8,
  },
  bec: {
    label: 'Business e-mail compromise',
    description:
      'The attacker writes as the company or one of its people to have money or data sent to them.',
    factor: 0.7,
  },
  ransomware: {
    label: 'Ransomware',
    description:
      'Malicious software encrypts the company’s files and a ransom is demanded to unlock them.',
    factor: 0.6,
  },
  'data-theft': {
    label: 'Data theft',
    description: 'Files or records are copied out of the company without anyone noticing.',
    factor: 0.8,
  },
} as const;
export type StepId = keyof typeof STEPS;

export const ASSETS: Record<AttackAsset, { label: string; description: string; impact: number }> = {
  mailboxes: {
    label: 'Mailboxes',
    description:
      'The team’s e-mail: conversations, invoices, password resets for every other service.',
    impact: 0.7,
  },
  'admin-console': {
    label: 'Admin console',
    description: 'Control of every account, device and setting of the office suite.',
    impact: 0.95,
  },
  'company-files': {
    label: 'Company files',
    description: 'Documents, spreadsheets and records of customers, staff and suppliers.',
    impact: 0.8,
  },
  payments: {
    label: 'Payments',
    description: 'Invoices, bank details and transfers.',
    impact: 1,
  },
  website: {
    label: 'Website',
    description: 'The company’s public face and whatever its visitors type into it.',
    impact: 0.4,
  },
};

export const IMPACTS = {
  fraud: {
    label: 'Fraud',
    description: 'Money sent to the attacker: a paid fake invoice, changed bank details.',
  },
  'data-breach': {
    label: 'Data breach',
    description: 'Personal or confidential data exposed, with notification duties and lost trust.',
  },
  downtime: {
    label: 'Downtime',
    description: 'The business cannot work until systems and files are restored.',
  },
} as const;
export type ImpactId = keyof typeof IMPACTS;
