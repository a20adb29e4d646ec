import { type AttackAsset, type EvidenceSource, PROVIDERS } from '@castellan/contract';
import type { ProviderAdapter } from '../integrations/kit/adapter';
import { ADAPTERS } from '../integrations/providers';
import type { ImpactId, StepId } from './parts';

/** One way from an entry point to harm: the attacker's steps, the asset, the impact. */
export type Route = {
  steps: readonly [StepId, ...StepId[]];
  asset: AttackAsset;
  impact: ImpactId;
  summary: string;
};

const providersWhere = (test: (adapter: ProviderAdapter) => boolean) =>
  Object.values(ADAPTERS)
    .filter(test)
    .map((adapter) => adapter.id);

/** The office suites: they see every account and how it signs in. */
const SUITES = providersWhere((adapter) => adapter.suite !== undefined);

/** The providers whose checks decide one of these tasks. */
const decidingAny = (tasks: readonly string[]) =>
  providersWhere((adapter) => adapter.checks.some((c) => tasks.includes(c.task)));

const SHARING_TASKS = ['review-shared-links', 'restrict-external-sharing'] as const;

const REVEAL = {
  scan: { text: 'Run a risk analysis of your domain', to: '/risk-analysis' },
  suite: {
    text: `Connect ${SUITES.map((id) => PROVIDERS[id].name).join(' or ')}`,
    to: '/integrations',
  },
  devices: {
    text: 'Ask each member to check their computer with the task’s steps and mark it done',
    to: '/team-progress',
  },
} as const;

/**
 * The ways into a small organisation the graph knows. Each is closed by its tasks: it stays open
 * while any of them is open for anyone. `revealedBy` are the sources that can see it; while none
 * has looked, an open task there is "unknown" rather than "open". `perInstance` is the chance
 * that one open instance (an account, a device, a domain) is used in an attack.
 */
export const ENTRY_POINTS = [
  {
    id: 'spoofable-domain',
    label: 'Spoofable domain',
    description:
      'Without an enforced DMARC policy anyone can send e-mail that appears to come from your domain.',
    tasks: ['email-dmarc'],
    revealedBy: ['domain-scan'],
    reveal: REVEAL.scan,
    perInstance: 0.6,
    routes: [
      {
        steps: ['bec'],
        asset: 'payments',
        impact: 'fraud',
        summary:
          'An e-mail forged in your name asks a customer or your bookkeeper to pay a fake invoice.',
      },
      {
        steps: ['phishing'],
        asset: 'mailboxes',
        impact: 'data-breach',
        summary:
          'A phishing e-mail that appears to come from a colleague collects a mailbox password.',
      },
    ],
  },
  {
    id: 'no-mfa',
    label: 'Accounts without MFA',
    description:
      'A password alone protects these accounts: once guessed or phished, the attacker is in.',
    tasks: ['enable-mfa', 'enforce-mfa-google-workspace', 'enforce-mfa-microsoft-365'],
    revealedBy: SUITES,
    reveal: REVEAL.suite,
    perInstance: 0.25,
    routes: [
      {
        steps: ['password-spraying', 'bec'],
        asset: 'payments',
        impact: 'fraud',
        summary: 'A guessed password opens a mailbox, from which the attacker redirects a payment.',
      },
      {
        steps: ['password-spraying'],
        asset: 'mailboxes',
        impact: 'data-breach',
        summary: 'A guessed password opens a mailbox and everything sent to it.',
      },
      {
        steps: ['phishing'],
        asset: 'company-files',
        impact: 'data-breach',
        summary: 'A phished password opens the shared drive of the account that gave it away.',
      },
    ],
  },
  {
    id: 'stale-accounts',
    label: 'Stale accounts',
    description:
      'Accounts nobody uses any more: nobody notices when someone else signs in to them.',
    tasks: ['remove-stale-accounts'],
    revealedBy: SUITES,
    reveal: REVEAL.suite,
    perInstance: 0.3,
    routes: [
      {
        steps: ['password-spraying'],
        asset: 'company-files',
        impact: 'data-breach',
        summary: 'An old account with an old password still opens the company’s files.',
      },
      {
        steps: ['password-spraying'],
        asset: 'mailboxes',
        impact: 'data-breach',
        summary: 'A forgotten mailbox is taken over and read without anyone noticing.',
      },
    ],
  },
  {
    id: 'admin-sign-in',
    label: 'Admins without phishing-resistant sign-in',
    description:
      'Administrators who sign in with a password and a code can be phished like anyone else, and they hold the keys to everything.',
    tasks: ['phishing-resistant-mfa-for-admins'],
    revealedBy: SUITES,
    reveal: REVEAL.suite,
    perInstance: 0.3,
    routes: [
      {
        steps: ['phishing'],
        asset: 'admin-console',
        impact: 'data-breach',
        summary: 'A phished administrator hands over the admin console and with it every account.',
      },
      {
        steps: ['phishing', 'ransomware'],
        asset: 'company-files',
        impact: 'downtime',
        summary: 'With an administrator’s access, ransomware reaches every file the company has.',
      },
    ],
  },
  {
    id: 'unencrypted-devices',
    label: 'Devices without disk encryption',
    description: 'A lost or stolen laptop without encryption gives away every file on it.',
    tasks: ['encrypt-disk'],
    revealedBy: ['agent'],
    reveal: REVEAL.devices,
    perInstance: 0.1,
    routes: [
      {
        steps: ['data-theft'],
        asset: 'company-files',
        impact: 'data-breach',
        summary: 'A stolen laptop without disk encryption gives its files to whoever has it.',
      },
    ],
  },
  {
    id: 'outdated-devices',
    label: 'Devices without updates',
    description:
      'Devices that miss security updates run software with holes attackers already use.',
    tasks: ['update-operating-system'],
    revealedBy: ['agent'],
    reveal: REVEAL.devices,
    perInstance: 0.15,
    routes: [
      {
        steps: ['ransomware'],
        asset: 'company-files',
        impact: 'downtime',
        summary:
          'Ransomware gets in through a known hole in an outdated computer and locks the files.',
      },
    ],
  },
  {
    id: 'public-files',
    label: 'Files shared publicly',
    description: 'Files anyone with the link can open, or shared outside the company.',
    tasks: SHARING_TASKS,
    revealedBy: decidingAny(SHARING_TASKS),
    reveal: REVEAL.suite,
    perInstance: 0.3,
    routes: [
      {
        steps: ['data-theft'],
        asset: 'company-files',
        impact: 'data-breach',
        summary: 'A link shared once is found or forwarded, and the file with it.',
      },
    ],
  },
  {
    id: 'weak-website',
    label: 'Weak website',
    description:
      'The website misses HTTPS protections or security headers that stop common attacks.',
    tasks: ['web-tls-certificate', 'web-https-redirect', 'web-hsts', 'web-security-headers'],
    revealedBy: ['domain-scan'],
    reveal: REVEAL.scan,
    perInstance: 0.15,
    routes: [
      {
        steps: ['data-theft'],
        asset: 'website',
        impact: 'data-breach',
        summary: 'What visitors send to the website can be read or changed on the way.',
      },
    ],
  },
] as const satisfies readonly EntryRule[];

export type EntryRule = {
  id: string;
  label: string;
  description: string;
  tasks: readonly string[];
  revealedBy: readonly EvidenceSource[];
  reveal: { text: string; to: string };
  perInstance: number;
  routes: readonly Route[];
};
