import type { CatalogueTask } from './types';

/** E-mail: sender authentication of the domain, transport encryption, filtering and warnings. */
export const email: CatalogueTask[] = [
  {
    id: 'email-spf',
    version: 1,
    title: 'Publish an SPF record for your domain',
    summary:
      'Add one SPF record to your domain’s DNS that lists every service allowed to send e-mail as your domain.',
    why: 'Without SPF, anyone can send e-mail that looks like it comes from your company, and your real e-mails are more likely to land in spam. SPF tells the world which mail servers are really yours.',
    instructions: [
      {
        platform: null,
        steps: [
          'List every service that sends e-mail as your domain: your mailbox provider, newsletter tool, CRM, helpdesk, invoicing or accounting software and your website’s contact form.',
          'Sign in to the company that hosts your domain’s DNS (often the registrar) and look at the TXT records of the domain itself (often shown as "@").',
          'There must be exactly one TXT record starting with "v=spf1". If one exists, edit it; never add a second.',
          'Google Workspace: "v=spf1 include:_spf.google.com ~all". Microsoft 365: "v=spf1 include:spf.protection.outlook.com -all".',
          'Add the "include:" value of each other sending service before the "~all" or "-all" part, taking the exact value from that service’s help pages.',
          'Never use "+all". Keep the record to at most 10 DNS look-ups (each "include" counts); a checker such as Google Admin Toolbox Check MX shows problems.',
          'For domains that never send e-mail, publish "v=spf1 -all".',
          'DNS changes can take a few hours to be visible; then run the domain scan again.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'First things first',
    platforms: ['Detection', 'Gmail', 'Microsoft 365'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['9.5'],
  },
  {
    id: 'email-dkim',
    version: 1,
    title: 'Sign your outgoing e-mail with DKIM',
    summary:
      'Turn on DKIM signing in your mail service and publish its key in DNS, so receivers can check your e-mails were not forged or changed.',
    why: 'DKIM puts a tamper-proof seal on every e-mail you send. Large mail providers such as Gmail and Outlook.com increasingly reject or bin unsigned mail, and DMARC needs it to stop people faking your address.',
    instructions: [
      {
        platform: 'Gmail',
        steps: [
          'In the Google Admin console, open Apps → Google Workspace → Gmail → Authenticate email.',
          'Select your domain and click "Generate new record". Keep the 2048-bit key length and the prefix "google", then click Generate.',
          'At your DNS host, add a TXT record with the host name shown (google._domainkey) and the long value shown. If your DNS host rejects the value as too long, generate a 1024-bit key instead.',
          'Wait until the record is visible (up to 48 hours), return to Authenticate email and click "Start authentication". The status should change to "Authenticating email with DKIM".',
          'Also turn on DKIM in every other service that sends as your domain, such as your newsletter tool or CRM.',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'Open the Microsoft Defender portal (security.microsoft.com) → Email & collaboration → Policies & rules → Threat policies → Email authentication settings → DKIM.',
          'Click your own domain (not the .onmicrosoft.com one). The details panel shows two CNAME records, for selector1._domainkey and selector2._domainkey.',
          'At your DNS host, add both CNAME records exactly as shown.',
          'Once they are visible, return to the DKIM tab and switch "Sign messages for this domain with DKIM signatures" to Enabled.',
          'Also turn on DKIM in every other service that sends as your domain, such as your newsletter tool or CRM.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'First things first',
    platforms: ['Detection', 'Gmail', 'Microsoft 365'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['9.5'],
  },
  {
    id: 'email-dmarc',
    version: 1,
    title: 'Stop e-mail spoofing with DMARC',
    summary:
      'Publish a DMARC record, watch its reports, and step by step move to a policy that rejects forged e-mail from your domain.',
    why: 'Fake invoices and payment requests "from" your company are a favourite scam against your customers and staff. DMARC tells receiving mail servers to refuse e-mail that falsely uses your domain.',
    instructions: [
      {
        platform: null,
        steps: [
          'Set up SPF and DKIM first: DMARC builds on them.',
          'Create a mailbox or group to receive reports (for example dmarc-reports@yourdomain), or sign up for a DMARC reporting service that turns the raw reports into readable summaries.',
          'At your DNS host, add a TXT record with the host name "_dmarc" and the value "v=DMARC1; p=none; rua=mailto:dmarc-reports@yourdomain".',
          'For two to four weeks, read the reports and fix every legitimate service that fails, by adding it to SPF or turning on its DKIM signing.',
          'Change the policy to "p=quarantine" (suspicious mail goes to spam). After a few more clean weeks, change it to "p=reject".',
          'For domains that never send e-mail, publish "v=DMARC1; p=reject" straight away.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'First things first',
    platforms: ['Detection'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['9.5'],
  },
  {
    id: 'email-mta-sts',
    version: 1,
    title: 'Enforce encrypted mail delivery with MTA-STS',
    summary:
      'Publish an MTA-STS policy so other mail servers only deliver e-mail to your domain over a verified, encrypted connection.',
    why: 'Without it, someone who can tamper with network traffic can quietly force e-mail to your company to travel unencrypted, or redirect it. MTA-STS closes that gap.',
    instructions: [
      {
        platform: null,
        steps: [
          'Look up your domain’s MX records to see your mail servers, for example smtp.google.com for Google Workspace or yourdomain-com.mail.protection.outlook.com for Microsoft 365.',
          'Write a policy file with these lines: "version: STSv1", "mode: testing", one "mx:" line per mail server (for Microsoft 365 "mx: *.mail.protection.outlook.com" works), and "max_age: 86400".',
          'Publish the file at https://mta-sts.yourdomain/.well-known/mta-sts.txt with a valid HTTPS certificate. Any static web hosting works, and several e-mail security services host it for you.',
          'At your DNS host, add a TXT record with the host name "_mta-sts" and a value like "v=STSv1; id=20250601". Change the id every time you change the policy file.',
          'Set up TLS reporting (see the TLS-RPT task) and watch the reports for a few weeks.',
          'When there are no failures, change the mode to "enforce", raise max_age to at least 604800 (one week) and update the id.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Extra protection',
    platforms: ['Detection'],
    priority: 'Low',
    risk: 'Low',
    automation: 'AutomatableBackend',
    cisSafeguards: ['3.10'],
  },
  {
    id: 'email-tls-rpt',
    version: 1,
    title: 'Get e-mail encryption reports (TLS-RPT)',
    summary:
      'Publish a TLS-RPT record so large mail providers tell you when they cannot deliver e-mail to you securely.',
    why: 'It costs one DNS record and tells you early when something is wrong with the encryption of e-mail sent to your company. It is also needed to roll out MTA-STS safely.',
    instructions: [
      {
        platform: null,
        steps: [
          'Choose an address to receive the reports; the one you use for DMARC reports is fine, as is a reporting service.',
          'At your DNS host, add a TXT record with the host name "_smtp._tls" and the value "v=TLSRPTv1; rua=mailto:tls-reports@yourdomain".',
          'Reports arrive daily from large providers such as Google and Microsoft as small attachments. Look at them after you change anything in your mail set-up.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Quick fix',
    platforms: ['Detection'],
    priority: 'Low',
    risk: 'Info',
    automation: 'AutomatableBackend',
    cisSafeguards: ['3.10'],
  },
  {
    id: 'gmail-safety-settings',
    version: 1,
    title: 'Turn on Gmail’s extra phishing protection',
    summary:
      'Switch on Gmail’s protections against dangerous attachments, disguised links and spoofed senders for the whole organisation.',
    why: 'Most attacks start with an e-mail. These settings are free with Google Workspace but several are off by default, and they stop many dangerous messages before anyone sees them.',
    instructions: [
      {
        platform: 'Gmail',
        steps: [
          'In the Google Admin console, open Apps → Google Workspace → Gmail → Safety and select the top organisational unit.',
          'Attachments: tick protection against encrypted attachments from untrusted senders, attachments with scripts from untrusted senders and anomalous attachment types, plus "Apply future recommended settings automatically". Choose "Move email to spam" or Quarantine as the action.',
          'Links and external images: tick "Identify links behind shortened URLs", "Scan linked images", "Show warning prompt for any click on links to untrusted domains" and "Apply future recommended settings automatically".',
          'Spoofing and authentication: tick all protections (similar domain names, employee names, inbound e-mails spoofing your domain, unauthenticated e-mails, Groups) and "Apply future recommended settings automatically". Move spoofed mail to spam rather than keeping it in the inbox with a warning.',
          'Under Spam, Phishing and Malware, turn on "Enhanced pre-delivery message scanning", and make sure the e-mail allowlist is empty.',
          'Save. Changes can take up to 24 hours to apply.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: ['Gmail'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['9.6', '9.7'],
  },
  {
    id: 'microsoft-365-email-protection',
    version: 1,
    title: 'Turn on Microsoft 365’s preset e-mail protection',
    summary:
      'Apply Microsoft’s Standard preset security policy to everyone, including impersonation protection for your managers.',
    why: 'Microsoft’s recommended anti-phishing and anti-malware settings are not all applied automatically. The preset policy switches them on in one go and keeps them up to date.',
    instructions: [
      {
        platform: 'Microsoft 365',
        steps: [
          'Open the Microsoft Defender portal (security.microsoft.com) → Email & collaboration → Policies & rules → Threat policies → Preset security policies.',
          'Under Standard protection, click "Manage protection settings".',
          'Apply Exchange Online Protection to all recipients. If you have Defender for Office 365 (included in Business Premium), also apply its protections (Safe Links, Safe Attachments) to all recipients.',
          'In the impersonation step, add the people most likely to be impersonated, such as the managing director and the head of finance, and your own domains.',
          'Review and confirm. Consider Strict protection for the finance team and managers.',
          'Check Threat policies → Anti-malware → Default policy and make sure the common attachments filter is on.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: ['Microsoft 365'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['9.6', '9.7'],
  },
  {
    id: 'external-sender-warning',
    version: 1,
    title: 'Label e-mail from outside the company',
    summary:
      'Show staff clearly when an e-mail comes from, or is going to, someone outside the organisation.',
    why: 'A fake e-mail "from the boss" is far less convincing when it carries an External label. The warning makes people pause before paying, clicking or replying.',
    instructions: [
      {
        platform: 'Microsoft 365',
        steps: [
          'Open PowerShell, install the Exchange Online module ("Install-Module ExchangeOnlineManagement") and sign in with "Connect-ExchangeOnline".',
          'Run "Set-ExternalInOutlook -Enabled $true". Outlook on the web, the new Outlook, Outlook mobile and current Outlook desktop versions then show an "External" tag on mail from outside. It can take up to 48 hours to appear.',
          'Optional: exempt close partners with "Set-ExternalInOutlook -AllowList @{Add=\'partner.example\'}".',
          'Alternative without PowerShell: Exchange admin center → Mail flow → Rules → Add a rule → Apply disclaimers, for mail whose sender is located outside the organisation, prepending a short warning line. Use one method, not both.',
        ],
      },
      {
        platform: 'Gmail',
        steps: [
          'In the Google Admin console, open Apps → Google Workspace → Gmail → End User Access → "Warn for external recipients" and turn it on. Gmail then highlights outside addresses and warns before people reply to someone outside the company who is not in their contacts.',
          'Turn on the spoofing protections under Gmail → Safety (see the Gmail protection task): they add a warning banner to suspicious outside mail.',
          'Optional: to tag every incoming outside e-mail, add a rule under Gmail → Routing for inbound messages that prepends a custom subject such as "[External]".',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Quick fix',
    platforms: ['Gmail', 'Microsoft 365'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableBackend',
    cisSafeguards: ['14.2'],
  },
  {
    id: 'block-mail-auto-forwarding',
    version: 1,
    title: 'Block automatic forwarding to outside addresses',
    summary:
      'Stop mailboxes from automatically forwarding e-mail outside the company, and get alerted when someone creates a forwarding rule.',
    why: 'After breaking into a mailbox, criminals often set up a hidden rule that forwards every invoice to themselves, and stay unnoticed for months. Blocking outside forwarding cuts that off.',
    instructions: [
      {
        platform: 'Gmail',
        steps: [
          'In the Google Admin console, open Apps → Google Workspace → Gmail → End User Access → Automatic forwarding.',
          'Untick "Allow users to automatically forward incoming email to another address" for the top organisational unit and save.',
          'If a team really needs forwarding, for example a shared inbox feeding a ticket system, allow it only for that team’s organisational unit, or use a Google Group instead.',
          'Make sure the Alert center notifies you of suspicious sign-ins and setting changes (see the security alerts task).',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'Open the Microsoft Defender portal → Email & collaboration → Policies & rules → Threat policies → Anti-spam.',
          'Open "Anti-spam outbound policy (Default)" → Edit protection settings → Forwarding rules, set Automatic forwarding rules to "Off - Forwarding is disabled" and save.',
          'If one mailbox really needs to forward outside, create a separate outbound policy that allows it for that mailbox only.',
          'Check existing forwarding in the Exchange admin center → Reports → Mail flow → Auto forwarded messages report.',
          'Under Policies & rules → Alert policy, make sure "Suspicious email forwarding activity" and "Creation of forwarding/redirect rule" send e-mail to you.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Quick fix',
    platforms: ['Gmail', 'Microsoft 365'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['4.1'],
  },
  {
    id: 'set-up-phishing-reporting',
    version: 1,
    title: 'Set up a phishing report button',
    summary:
      'Make sure staff have a one-click way to report suspicious e-mail, and that the reports reach someone who looks at them.',
    why: 'Staff often spot a phishing e-mail that got past the filters. If reporting is easy and someone acts on it, you can delete the same message from other mailboxes before anyone falls for it.',
    instructions: [
      {
        platform: 'Microsoft 365',
        steps: [
          'Open the Microsoft Defender portal → Settings → Email & collaboration → User reported settings.',
          'Turn on "Monitor reported messages in Outlook" and choose "Use the built-in Report button in Outlook".',
          'Under reported message destinations, choose "Microsoft and my reporting mailbox" and enter a mailbox that you read.',
          'Save, and look at reports under Actions & submissions → Submissions → User reported.',
          'Tell staff where the Report button is (see the task "Report suspicious messages").',
        ],
      },
      {
        platform: 'Gmail',
        steps: [
          'Gmail already has "Report phishing" in every message’s ⋮ menu; reports go to Google and to your Alert center.',
          'In the Google Admin console, open Rules, filter on Type → System defined, open "User-reported phishing" and, under Actions, turn on e-mail notifications to you.',
          'When a report arrives, check Security → Alert center for other recipients of the same message.',
          'Tell staff where the Report phishing option is (see the task "Report suspicious messages").',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Quick fix',
    platforms: ['Gmail', 'Microsoft 365'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableNotAvailable',
    cisSafeguards: ['14.6', '17.3'],
  },
];
