import type {
  MailKind,
  MailStatus,
  OrganizationMailSettings,
  OwnMailSettings,
} from '@castellan/contract';

/** Each kind of e-mail as Settings names and explains it, in the order it lists them. */
export const ORGANIZATION_SWITCHES: {
  key: keyof OrganizationMailSettings;
  label: string;
  description: string;
}[] = [
  {
    key: 'invitations',
    label: 'Invitations',
    description:
      'An invited colleague gets an e-mail naming who invited them, with a sign-in link.',
  },
  {
    key: 'reminders',
    label: 'Weekly task reminders',
    description:
      'Each member with open tasks gets one e-mail a week listing their three most important.',
  },
  {
    key: 'digest',
    label: 'Weekly digest for administrators',
    description:
      'The score and its change, tasks done, new findings, who has not started and integrations that need attention.',
  },
  {
    key: 'integrationAlerts',
    label: 'Integration alerts',
    description: 'Administrators hear at once when an integration’s access is revoked.',
  },
];

/** What a member may opt out of, and what is said while the organisation sends none. */
export const OWN_SWITCHES: {
  key: keyof OwnMailSettings;
  label: string;
  description: string;
  notSent: string;
}[] = [
  {
    key: 'reminders',
    label: 'Weekly reminder of my open tasks',
    description: 'At most one e-mail a week, with your three most important tasks.',
    notSent: 'Your organisation does not send reminders at the moment.',
  },
  {
    key: 'digest',
    label: 'Weekly digest for administrators',
    description: 'How the organisation did this week, every Monday.',
    notSent: 'Your organisation does not send the digest at the moment.',
  },
];

export const KIND_NAMES: Record<MailKind, string> = {
  invitation: 'Invitation',
  reminder: 'Reminder',
  digest: 'Digest',
  integration_alert: 'Integration alert',
  watch_alert: 'Watch alert',
  phishing_practice: 'Phishing practice',
  phishing_thanks: 'Thanks for a report',
  nudge: 'Nudge',
};

export const STATUS_NAMES: Record<MailStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  retrying: 'Will retry',
  failed: 'Failed',
};
