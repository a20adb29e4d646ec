/**
 * What cyber-insurance applications and renewals commonly ask a small firm, written for
 * Castellan as content: each question with the catalogue tasks whose evidence answers it. A task
 * outside an organisation's catalogue (another office suite's, say) is left out for it.
 *
 * Change the wording or the tasks and raise the version, so that a report says which questions
 * it answered.
 */
export const INSURANCE_QUESTIONS_VERSION = '2026.1';

export type ReadinessQuestion = { id: string; text: string; tasks: readonly string[] };

export const INSURANCE_QUESTIONS: readonly ReadinessQuestion[] = [
  {
    id: 'mfa-email',
    text: 'Is multi-factor authentication required for every e-mail account?',
    tasks: ['enable-mfa', 'enforce-mfa-google-workspace', 'enforce-mfa-microsoft-365'],
  },
  {
    id: 'mfa-remote-access',
    text: 'Is multi-factor authentication required for remote access to your systems and cloud services?',
    tasks: [
      'enable-mfa',
      'require-password-manager-two-step',
      'aws-users-mfa',
      'meta-business-mfa',
    ],
  },
  {
    id: 'mfa-admin',
    text: 'Is multi-factor authentication required for every administrator account?',
    tasks: [
      'enforce-mfa-google-workspace',
      'enforce-mfa-microsoft-365',
      'phishing-resistant-mfa-for-admins',
      'aws-root-mfa',
    ],
  },
  {
    id: 'admin-rights',
    text: 'Are administrator rights limited to the few people who need them, on separate accounts?',
    tasks: ['limit-super-admins', 'separate-admin-accounts', 'use-standard-account'],
  },
  {
    id: 'backups',
    text: 'Do you back up important data regularly, with a copy kept offline or unchangeable?',
    tasks: ['back-up-data', 'store-files-in-cloud'],
  },
  {
    id: 'backups-tested',
    text: 'Have you restored data from your backups as a test in the last twelve months?',
    tasks: ['test-backup-restore'],
  },
  {
    id: 'endpoint-protection',
    text: 'Does every computer run endpoint protection (anti-malware) and a firewall?',
    tasks: ['enable-malware-protection', 'enable-firewall'],
  },
  {
    id: 'patching',
    text: 'Are security updates installed within 14 days of release, critical ones sooner?',
    tasks: [
      'update-operating-system',
      'update-browser',
      'auto-update-apps',
      'assign-update-owners',
      'fix-findings-on-time',
    ],
  },
  {
    id: 'encryption',
    text: 'Are laptops and phones encrypted and locked when not in use?',
    tasks: ['encrypt-disk', 'screen-lock', 'lock-phone'],
  },
  {
    id: 'email-filtering',
    text: 'Is incoming e-mail filtered for phishing and malware, and is your domain protected against spoofing?',
    tasks: [
      'gmail-safety-settings',
      'microsoft-365-email-protection',
      'email-spf',
      'email-dkim',
      'email-dmarc',
    ],
  },
  {
    id: 'training',
    text: 'Do all staff take security awareness training, including phishing, at least once a year?',
    tasks: ['phishing-awareness', 'report-suspicious-messages', 'plan-security-awareness'],
  },
  {
    id: 'payment-verification',
    text: 'Are changes of bank details and unusual payment requests confirmed through a second channel?',
    tasks: ['verify-payment-changes'],
  },
  {
    id: 'passwords',
    text: 'Do staff use a password manager, with a unique password for every account?',
    tasks: ['roll-out-password-manager', 'use-password-manager', 'fix-reused-passwords'],
  },
  {
    id: 'incident-response',
    text: 'Do you have a written incident response plan, with the contacts to call?',
    tasks: ['incident-response-plan', 'incident-contacts'],
  },
  {
    id: 'offboarding',
    text: 'When someone leaves, is all of their access removed promptly?',
    tasks: ['offboarding-checklist', 'remove-stale-accounts'],
  },
  {
    id: 'asset-inventory',
    text: 'Do you keep an up-to-date list of your devices and important systems?',
    tasks: ['review-device-list', 'list-important-systems', 'manage-mobile-devices'],
  },
  {
    id: 'logging',
    text: 'Are audit logs of your e-mail and cloud services kept?',
    tasks: ['keep-audit-logs', 'aws-cloudtrail-on'],
  },
];
