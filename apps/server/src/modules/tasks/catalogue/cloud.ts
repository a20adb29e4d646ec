import type { CatalogueEntry } from './types';

/**
 * Done once for the organisation's AWS account: shown only to organisations that connected AWS,
 * whose sync decides each of them.
 */
export const cloud: CatalogueEntry[] = [
  {
    id: 'aws-root-mfa',
    version: 1,
    title: 'Protect the AWS root user with MFA',
    summary:
      'Turn on multi-factor authentication for the root user of your AWS account, preferably with a passkey or security key.',
    why: 'The root user can do anything in the account, including closing it and deleting every server and backup, and AWS cannot limit it. Anyone who learns its password, from a leak or a phishing page, gets all of that unless a second step is asked for.',
    instructions: [
      {
        platform: null,
        steps: [
          'Sign in to the AWS console (console.aws.amazon.com) as the root user: choose "Root user" and enter the e-mail address of the account.',
          'Open the account menu at the top right → Security credentials.',
          'Under Multi-factor authentication (MFA), choose Assign MFA device.',
          'Choose "Passkey or security key" if you have one, otherwise "Authenticator app", and follow the steps.',
          'Register a second device too (AWS allows up to eight), kept somewhere safe, so losing one phone does not lock you out.',
          'Make sure the e-mail address and phone number of the account are ones you will still control in years: they are how AWS lets you back in.',
          'Check: Security credentials → Multi-factor authentication lists your devices, and IAM → Dashboard no longer warns about root MFA.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'First things first',
    platforms: [],
    minutes: 10,
    risk: 'Critical',
    automation: 'AutomatableBackend',
    cisSafeguards: ['6.5', '5.4'],
    cyberEssentials: ['user-access-control'],
    onlyWith: ['aws'],
  },
  {
    id: 'aws-no-root-access-keys',
    version: 1,
    title: 'Delete the access keys of the AWS root user',
    summary:
      'Remove any access key of the root user and give scripts and tools their own IAM user or role instead.',
    why: 'A root access key is a password that never asks for MFA and can do everything in the account. Keys end up in scripts, laptops and code repositories, and one that leaks gives a stranger full control, usually to run expensive servers on your bill.',
    instructions: [
      {
        platform: null,
        steps: [
          'Sign in to the AWS console as the root user and open the account menu → Security credentials.',
          'Under Access keys, note the key IDs and when each was last used.',
          'If a key was used recently, find the script or tool that uses it and give it a key of its own IAM user (or a role) with only the permissions it needs.',
          'Choose Actions → Deactivate on the root key, wait a few days to see that nothing breaks, then choose Actions → Delete.',
          'Check: Security credentials → Access keys shows no keys for the root user.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Quick fix',
    platforms: [],
    minutes: 20,
    risk: 'Critical',
    automation: 'AutomatableBackend',
    cisSafeguards: ['5.4'],
    cyberEssentials: ['user-access-control'],
    onlyWith: ['aws'],
  },
  {
    id: 'aws-users-mfa',
    version: 1,
    title: 'Require MFA for everyone who signs in to AWS',
    summary:
      'Make sure every IAM user with a console password has an MFA device, or move people to IAM Identity Center sign-in.',
    why: 'An IAM user with a password and no second step can be taken over with a guessed or reused password, and then acts in the account with all of that person’s rights.',
    instructions: [
      {
        platform: null,
        steps: [
          'In the AWS console, open IAM → Users. The MFA column shows who has no device.',
          'For each such person, ask them to sign in and open the account menu → Security credentials → Assign MFA device, and choose a passkey, security key or authenticator app.',
          'To make it a rule, attach a policy to their group that denies every action except setting up MFA until they sign in with it (AWS documents one under "Allow IAM users to manage their own MFA device").',
          'Remove the console password of users who do not need the console: IAM → Users → the user → Security credentials → Console sign-in → Manage → Disable.',
          'Delete IAM users of people who have left.',
          'Check: IAM → Users shows an MFA device for every user whose Console access is enabled.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    minutes: 30,
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['6.3', '6.5'],
    cyberEssentials: ['user-access-control'],
    onlyWith: ['aws'],
  },
  {
    id: 'aws-rotate-access-keys',
    version: 1,
    title: 'Replace AWS access keys older than 90 days',
    summary:
      'Give every active access key older than 90 days a new one and delete the old key, or delete keys nobody uses.',
    why: 'Access keys are long-lived passwords for programs. The older a key is, the more places it has been copied to: old laptops, scripts, chat messages. Replacing keys regularly makes a key that leaked long ago useless.',
    instructions: [
      {
        platform: null,
        steps: [
          'In the AWS console, open IAM → Users and look at the "Access key age" and "Access key last used" columns.',
          'Delete keys that have not been used for months: IAM → Users → the user → Security credentials → Access keys → Actions → Deactivate, then Delete after a few days.',
          'For a key still in use: choose Create access key, put the new key into the program or server that uses it, and check that it works.',
          'Then deactivate the old key, wait a few days for anything you missed, and delete it.',
          'Where you can, replace keys with roles (for servers on AWS) or IAM Identity Center sign-in (for people), which need no long-lived key.',
          'Check: IAM → Users shows no active access key older than 90 days.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    minutes: 30,
    risk: 'Medium',
    automation: 'AutomatableBackend',
    cisSafeguards: ['5.3'],
    cyberEssentials: ['user-access-control'],
    onlyWith: ['aws'],
  },
  {
    id: 'aws-cloudtrail-on',
    version: 1,
    title: 'Record AWS account activity with CloudTrail',
    summary:
      'Create one CloudTrail trail that covers all regions and keeps its logs in an S3 bucket, and keep it logging.',
    why: 'Without a trail, AWS keeps only 90 days of management events, in one region at a time. If someone misuses a key or signs in as an administrator, a trail is how you find out what they did and when.',
    instructions: [
      {
        platform: null,
        steps: [
          'In the AWS console, open CloudTrail → Trails → Create trail.',
          'Give it a name, let CloudTrail create a new S3 bucket for the logs, and keep "Log file validation" enabled.',
          'Under Events, keep Management events (Read and Write). Data events cost extra and are not needed for this.',
          'Create the trail: trails made in the console cover all regions.',
          'The first copy of management events in a trail is free; you pay only for the S3 storage of the logs, usually a few cents a month for a small account.',
          'Check: CloudTrail → Trails shows the trail with "Multi-region trail: Yes" and Status "Logging".',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    minutes: 15,
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['8.2'],
    cyberEssentials: [],
    onlyWith: ['aws'],
  },
  {
    id: 'aws-block-public-s3',
    version: 1,
    title: 'Block public access to S3 for the whole AWS account',
    summary:
      'Turn on all four account-level S3 Block Public Access settings, so no bucket can be opened to the internet by mistake.',
    why: 'A bucket made public by one wrong setting exposes every file in it to anyone who finds it, and people scan the internet for exactly that. The account-level switch overrides such mistakes in every bucket, present and future.',
    instructions: [
      {
        platform: null,
        steps: [
          'First check whether any bucket is meant to be public (a website, public downloads). If so, serve it through CloudFront with origin access control instead, or keep it in a separate AWS account.',
          'In the AWS console, open S3 → Block Public Access settings for this account → Edit.',
          'Tick "Block all public access", which turns on all four settings, and confirm.',
          'Check: the page shows all four settings as On.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Quick fix',
    platforms: [],
    minutes: 10,
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['3.3', '4.1'],
    cyberEssentials: ['secure-configuration'],
    onlyWith: ['aws'],
  },
];
