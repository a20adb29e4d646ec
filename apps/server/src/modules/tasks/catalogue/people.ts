import type { CatalogueTask } from './types';

/** Habits and preparation: phishing, payments, incidents, social media, networks outside the office. */
export const people: CatalogueTask[] = [
  {
    id: 'phishing-awareness',
    version: 1,
    title: 'Learn to spot phishing',
    summary:
      'Learn the signs of a fake e-mail, message or call, and what to do before you click, pay or type a password.',
    why: 'Most break-ins at small companies start with one convincing message. Knowing the usual tricks, and pausing for a few seconds, stops most of them.',
    instructions: [
      {
        platform: null,
        steps: [
          'Look at the real sender address, not just the name shown, and watch for small misspellings such as rnicrosoft.com or yourcompany-invoices.com.',
          'Before clicking a link, hover over it (or press and hold on a phone) to see where it really goes. When in doubt, open the website yourself from a bookmark or by typing its address.',
          'Be suspicious of pressure: urgency, secrecy, threats to close an account, unexpected invoices or shared documents, gift card requests, and QR codes that lead to a sign-in page.',
          'If your password manager does not offer to fill in your password on a sign-in page, treat that as a warning sign: it may be a fake site.',
          'Never approve a sign-in prompt or read out a code that you did not ask for. No real IT team, bank or supplier will ask you for one.',
          'Phone calls, text messages and chat messages can be phishing too, including voices that sound like a colleague. Hang up and call back on a number you already know.',
          'Practise with Google’s free phishing quiz at phishingquiz.withgoogle.com.',
          'If you clicked, opened an attachment or typed a password, tell your IT contact straight away. Reporting quickly limits the damage, and nobody will be blamed.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'First things first',
    platforms: [],
    priority: 'High',
    risk: 'High',
    automation: 'NotAutomatable',
    cisSafeguards: ['14.2', '14.3', '14.6'],
  },
  {
    id: 'report-suspicious-messages',
    version: 1,
    title: 'Report suspicious messages',
    summary:
      'Use the Report phishing button for suspicious e-mail, and tell your IT contact if you clicked, opened an attachment or entered a password.',
    why: 'Your report lets the company remove the same message from everyone else’s inbox before someone falls for it. A false alarm costs nothing; a missed one can cost a lot.',
    instructions: [
      {
        platform: 'Gmail',
        steps: [
          'In Gmail on the web, open the message, click ⋮ (More) next to Reply and choose "Report phishing".',
          'Do not forward the message to colleagues, and do not click its links or reply to it.',
          'If you already clicked, opened an attachment or entered your password, tell your IT contact immediately and change your password.',
          'For suspicious calls, texts or chat messages, take a screenshot and send it to your IT contact.',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'In Outlook (the new Outlook, Outlook on the web or a current desktop version), select the message and click Report on the Home ribbon → Report phishing.',
          'Do not forward the message to colleagues, and do not click its links or reply to it.',
          'If you already clicked, opened an attachment or entered your password, tell your IT contact immediately and change your password.',
          'For suspicious calls, texts or chat messages, take a screenshot and send it to your IT contact.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Gmail', 'Microsoft 365'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['14.6', '17.3'],
  },
  {
    id: 'verify-payment-changes',
    version: 1,
    title: 'Double-check every change of bank details',
    summary:
      'Confirm any request to change bank details, pay a new account or make an urgent payment by calling a number you already know.',
    why: 'Fake invoices and "urgent payment" requests from a hacked or imitated supplier or boss are among the most expensive scams for small businesses. One phone call stops them.',
    instructions: [
      {
        platform: null,
        steps: [
          'Treat every request to change bank details, pay a new account, or pay urgently or secretly as suspicious, even when it comes from a real colleague’s or supplier’s address: mailboxes get hacked.',
          'Confirm it by calling back on a number you already have, from the contract, an earlier invoice or the company’s website, never one given in the message itself.',
          'Have a second person approve new payees, changed bank details and large payments, and turn on dual approval in your banking app if it offers it.',
          'Never buy gift cards or cryptocurrency because of an e-mail or chat message, whoever it seems to come from.',
          'If money has gone to the wrong account, call your bank immediately (the first hours matter most) and tell whoever handles incidents.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: [],
    priority: 'High',
    risk: 'High',
    automation: 'NotAutomatable',
    cisSafeguards: ['14.2'],
  },
  {
    id: 'incident-contacts',
    version: 1,
    title: 'Write down who to call in a cyber incident',
    summary:
      'Prepare a short contact list for emergencies, including your IT provider, bank, insurer and the authorities, and keep a copy outside your computers.',
    why: 'When an account is hacked or files are encrypted, every hour counts, and that is the worst moment to hunt for phone numbers, especially if your e-mail is not working.',
    instructions: [
      {
        platform: null,
        steps: [
          'Name a person who leads when something goes wrong, and a deputy.',
          'Collect phone numbers, not only e-mail addresses, for: your IT provider (including out of hours), Google Workspace or Microsoft 365 support, your bank’s fraud line, your cyber insurer’s hotline with the policy number, your lawyer or data protection officer, your website host and your domain registrar.',
          'Add the authorities: your national cyber security centre or CERT, the police’s cybercrime reporting service, and your data protection authority (under GDPR, many personal data breaches must be reported within 72 hours).',
          'Keep a printed copy and a copy on your phone, since you may not be able to reach your files during an incident.',
          'Tell staff who to contact first, and check the list every six months.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'First things first',
    platforms: [],
    priority: 'High',
    risk: 'High',
    automation: 'NotAutomatable',
    cisSafeguards: ['17.1', '17.2'],
  },
  {
    id: 'incident-response-plan',
    version: 1,
    title: 'Agree what to do when something goes wrong',
    summary:
      'Write a one-page plan for the most likely incidents and walk through it with the team once a year.',
    why: 'In a crisis people improvise, and that often makes things worse, for example wiping evidence or paying a fake invoice twice. A short plan that everyone has seen before saves time, money and stress.',
    instructions: [
      {
        platform: null,
        steps: [
          'List the incidents most likely for you: a hacked mailbox, ransomware, a lost laptop, a payment to a fraudster, personal data sent to the wrong person.',
          'For each, write the first steps. Hacked account: reset the password, sign out all sessions, check forwarding rules and sign-in methods. Ransomware: disconnect the device from the network without switching it off, then call your IT provider. Payment fraud: call the bank at once.',
          'Decide who makes decisions, who talks to customers, and how you will communicate if e-mail is down (for example a phone list or a chat group on private phones).',
          'Note when to inform your insurer (often before hiring outside help), the data protection authority and affected customers.',
          'Once a year, spend an hour walking through one scenario with the key people. Free exercise kits such as the UK NCSC’s "Exercise in a Box" help.',
          'After any real incident, take half an hour to agree what to improve.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['17.3', '17.4', '17.7'],
  },
  {
    id: 'protect-social-media-accounts',
    version: 1,
    title: 'Protect the company’s social media accounts',
    summary:
      'Make sure the company owns its social media accounts, at least two trusted people can manage them, and each is protected with two-step verification.',
    why: 'A hijacked company page can post scams to your customers, run up ad spending and take weeks to recover. Such accounts are often tied to one person’s private login and forgotten when they leave.',
    instructions: [
      {
        platform: null,
        steps: [
          'List the company’s accounts: LinkedIn page, Facebook page, Instagram, X, TikTok, YouTube, Google Business Profile and any others.',
          'Check that each is registered with a company address (such as marketing@yourdomain), not a personal one, and that at least two current staff have admin access. Remove former staff and agencies you no longer work with.',
          'Turn on two-step verification, preferably with an authenticator app rather than text messages. LinkedIn: Me → Settings & Privacy → Sign in & security → Two-step verification. Facebook and Instagram: Accounts Center → Password and security → Two-factor authentication. X: Settings and privacy → Security and account access → Security → Two-factor authentication. TikTok: Settings and privacy → Security → 2-step verification. YouTube and Google Business Profile use the Google account’s 2-Step Verification.',
          'Keep the logins and backup codes in the company password manager.',
          'Be wary of messages claiming your page will be closed for a copyright or policy violation: they are a common way to steal page access. Check only inside the app or website itself.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: ['Social media'],
    priority: 'Medium',
    risk: 'High',
    automation: 'NotAutomatable',
    cisSafeguards: ['5.1', '6.3'],
  },
  {
    id: 'meta-business-mfa',
    version: 1,
    title: 'Require two-factor authentication in Meta Business',
    summary:
      'Make two-factor authentication mandatory for everyone with access to your Facebook and Instagram business portfolio, and clean up who has access.',
    why: 'Business portfolios that run Facebook and Instagram pages and ads are a popular target. One person without two-factor authentication can be enough for an attacker to take over your pages and ad account.',
    instructions: [
      {
        platform: null,
        steps: [
          'Ask everyone with access to turn on two-factor authentication on their own Facebook account first: Accounts Center → Password and security → Two-factor authentication, preferably with an authenticator app.',
          'Go to Meta Business Suite (business.facebook.com) → Settings → Business portfolio info → Business options → Two-factor authentication, and choose "Everyone" (at least "Admins only").',
          'Open the Security Center in the same Settings and follow its recommendations: at least two people with full control, no inactive users, no users without two-factor authentication.',
          'Under Settings → Users → People and Partners, remove anyone who no longer needs access.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Quick fix',
    platforms: ['Social media'],
    priority: 'Medium',
    risk: 'High',
    automation: 'AutomatableBackend',
    cisSafeguards: ['6.3', '6.5'],
  },
  {
    id: 'protect-messaging-apps',
    version: 1,
    title: 'Add a PIN to WhatsApp and other messaging apps',
    summary:
      'Turn on two-step verification or registration lock in the messaging apps you use for work.',
    why: 'Criminals take over messaging accounts with a code sent by text message, then ask your contacts for money or codes in your name. A PIN stops that takeover.',
    instructions: [
      {
        platform: null,
        steps: [
          'WhatsApp: Settings → Account → Two-step verification → Turn on. Choose a 6-digit PIN and add an e-mail address for recovery.',
          'Signal: Settings → Account → turn on Registration Lock.',
          'Telegram: Settings → Privacy and Security → Two-Step Verification → set a password.',
          'Never pass on a code you received by text message, even to a friend or colleague who asks for it: this is exactly how accounts are stolen.',
          'Check linked devices (WhatsApp: Settings → Linked devices) and log out any you do not recognise.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Social media'],
    priority: 'Low',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['6.3'],
  },
  {
    id: 'secure-home-wifi',
    version: 1,
    title: 'Secure your home Wi-Fi',
    summary:
      'If you work from home, change the router’s default password, use WPA2 or WPA3 encryption and keep the router updated.',
    why: 'A home router with a default password or old software lets strangers onto the network your work laptop uses. A few settings make it as safe as it needs to be.',
    instructions: [
      {
        platform: null,
        steps: [
          'Sign in to your router: the address and default password are usually on a label on the router, or use your internet provider’s app.',
          'Change the router’s admin password if it is still the default.',
          'Set Wi-Fi security to WPA3, or WPA2/WPA3, or at least WPA2 with AES. Never use WEP or an open network. Use a long Wi-Fi password.',
          'Turn on automatic firmware updates. If your router has not had an update for years, ask your provider for a newer one.',
          'Turn off WPS and remote management.',
          'If the router has a guest network, put smart TVs, speakers, cameras and visitors on it.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: [],
    priority: 'Low',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['14.8'],
  },
  {
    id: 'public-wifi-caution',
    version: 1,
    title: 'Be careful on public Wi-Fi',
    summary:
      'Prefer your phone’s hotspot when travelling, and treat café, hotel and airport Wi-Fi as untrusted.',
    why: 'On public Wi-Fi you share the network with strangers, and fake hotspots with convincing names are easy to set up. A few habits keep your work safe while travelling.',
    instructions: [
      {
        platform: null,
        steps: [
          'Use your phone’s personal hotspot rather than public Wi-Fi when you can.',
          'If you use public Wi-Fi, check the exact network name with the staff, and use the company VPN if you have one.',
          'On Windows, set the network to Public when you join it; on a Mac, keep the firewall on.',
          'Never accept certificate warnings or install a "profile" or app just to get online.',
          'Turn off automatic joining of open networks, and forget hotel and event networks when you leave.',
          'Charge your devices with your own charger and plug, not from public USB ports.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: [],
    priority: 'Low',
    risk: 'Low',
    automation: 'NotAutomatable',
    cisSafeguards: ['14.8'],
  },
];
