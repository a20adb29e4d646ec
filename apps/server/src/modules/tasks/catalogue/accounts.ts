import type { CatalogueTask } from './types';

/** Sign-in security: two-step verification, passwords, recovery, personal cloud accounts. */
export const accounts: CatalogueTask[] = [
  {
    id: 'enable-mfa',
    version: 1,
    title: 'Turn on two-step verification',
    summary:
      'Protect your work account with a second sign-in step, such as an app prompt or a passkey, on top of your password.',
    why: 'Passwords leak and get guessed every day. With a second step, a stolen password alone is no longer enough to get into your email and files.',
    instructions: [
      {
        platform: 'Google',
        steps: [
          'Open myaccount.google.com/signinoptions/twosv (or Google Account → Security → 2-Step Verification).',
          'Choose "Turn on 2-Step Verification" and follow the prompts. Google prompts on your phone are the easiest second step.',
          'Add a stronger method as well: "Passkeys and security keys" → Create a passkey, or "Authenticator" to use an authenticator app. Avoid relying on text messages alone.',
          'Open "Backup codes", get a set of codes and save them in your password manager in case you lose your phone.',
          'Do the same for every other work service that offers it: accounting, banking, CRM, password manager and social media.',
          'Never approve a sign-in prompt that you did not start yourself, and tell your IT contact if one appears: it means someone knows your password.',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'Install the Microsoft Authenticator app on your phone.',
          'On your computer, open mysignins.microsoft.com/security-info and sign in with your work account.',
          'Choose "Add sign-in method" → Microsoft Authenticator and scan the QR code with the app ("Work or school account").',
          'Approve the test notification by typing the number shown on screen.',
          'Add a second method as a backup, such as a phone number or a passkey, so that losing your phone does not lock you out.',
          'If the page says your organisation does not allow this, ask your administrator to turn on multifactor authentication for everyone.',
          'Never approve a sign-in prompt that you did not start yourself, and tell your IT contact if one appears: it means someone knows your password.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'First things first',
    platforms: ['Google', 'Microsoft 365'],
    priority: 'High',
    risk: 'Critical',
    automation: 'AutomatableBackend',
    cisSafeguards: ['6.3'],
  },
  {
    id: 'use-password-manager',
    version: 1,
    title: 'Use a password manager',
    summary:
      'Keep all your passwords in a password manager and let it create a different strong password for every site.',
    why: 'Nobody can remember dozens of strong passwords, so people reuse them, and one leaked site then opens all the others. A password manager remembers them for you and will not fill them in on a fake look-alike site.',
    instructions: [
      {
        platform: null,
        steps: [
          'Install the password manager your company uses (ask your administrator). If there is none yet, the one built into your browser or phone (Google Password Manager, Apple Passwords, Microsoft Edge) or a free Bitwarden account is far better than nothing.',
          'Protect the password manager itself with a long passphrase of four or five random words that you use nowhere else, and turn on two-step verification for it.',
          'Install its browser extension on your computer and its app on your phone, and turn on autofill.',
          'Each time you sign in somewhere, let it save the password. When it warns about a weak or reused password, change it to a generated one.',
          'Keep work logins in the company vault and personal ones in a personal vault, so you keep your own passwords if you ever leave.',
          'Delete passwords kept in notebooks, spreadsheets, sticky notes or e-mails to yourself once they are in the vault.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'First things first',
    platforms: [],
    priority: 'High',
    risk: 'High',
    automation: 'NotAutomatable',
    cisSafeguards: ['5.2'],
  },
  {
    id: 'fix-reused-passwords',
    version: 1,
    title: 'Replace reused and leaked passwords',
    summary:
      'Find passwords that you use on more than one site or that appeared in a data breach, and change them.',
    why: 'Criminals take passwords leaked from one website and try them everywhere else, automatically. A password that is used only once can only ever unlock one account.',
    instructions: [
      {
        platform: null,
        steps: [
          'Check whether your e-mail addresses appear in known data breaches at haveibeenpwned.com.',
          'Run the password check of your password manager: for example Password Checkup at passwords.google.com, Security recommendations in Apple Passwords, Password health in Microsoft Edge, Watchtower in 1Password or Reports in Bitwarden.',
          'Change the most important accounts first: e-mail, your Google, Microsoft or Apple account, banking, the password manager itself and anything used for work.',
          'Use a generated password for each one, and turn on two-step verification wherever the site offers it.',
          'Never use your work password for any other site.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: [],
    priority: 'High',
    risk: 'High',
    automation: 'NotAutomatable',
    cisSafeguards: ['5.2'],
  },
  {
    id: 'set-up-account-recovery',
    version: 1,
    title: 'Make sure you can get back into your accounts',
    summary:
      'Add a backup sign-in method and save recovery codes, so a lost or broken phone does not lock you out.',
    why: 'If your only second step is on one phone and that phone is lost, you can be locked out of your work for days. A spare method avoids this without weakening your account.',
    instructions: [
      {
        platform: 'Google',
        steps: [
          'Open myaccount.google.com → Security and look at "How you sign in to Google".',
          'Make sure you have at least two second steps, for example a passkey on your phone and one on your laptop, or a security key in addition to Google prompts.',
          'Open 2-Step Verification → Backup codes → Get backup codes and store them in your password manager or print them and keep them somewhere safe.',
          'On a personal Google account, also check that the recovery phone and recovery e-mail are current. On a work account, your administrator can help you if you are locked out.',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'Open mysignins.microsoft.com/security-info and sign in with your work account.',
          'Check that you have at least two methods, for example Microsoft Authenticator plus a phone number or a passkey. Use "Add sign-in method" if you have only one.',
          'Set the default sign-in method to the Authenticator app rather than text messages.',
          'When you change phones, move Authenticator to the new phone before you wipe the old one.',
        ],
      },
      {
        platform: 'Apple Account',
        steps: [
          'On your iPhone, open Settings → [your name] → Sign-In & Security (on a Mac: System Settings → [your name] → Sign-In & Security).',
          'Under Trusted Phone Numbers, add a second number you control, such as a partner or office phone.',
          'Open Account Recovery → Add Recovery Contact and choose someone you trust. A recovery key is stronger but you must never lose it: Apple cannot help you without it.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Google', 'Microsoft 365', 'Apple Account'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableNotAvailable',
    cisSafeguards: ['6.3'],
  },
  {
    id: 'use-passkeys',
    version: 1,
    title: 'Sign in with a passkey',
    summary:
      'Create a passkey for your work account so that you sign in with your fingerprint, face or device PIN instead of a password.',
    why: 'A passkey only works on the real website, so it cannot be typed into a fake sign-in page. It is both safer and quicker than a password with a code.',
    instructions: [
      {
        platform: 'Google',
        steps: [
          'Open myaccount.google.com → Security → Passkeys and security keys.',
          'Choose "Create a passkey" and confirm with your fingerprint, face or screen lock.',
          'Create a second passkey on another device (your phone and your laptop) or add a hardware security key, so you always have a spare.',
          'The next time you sign in, choose "Use your passkey".',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'Open mysignins.microsoft.com/security-info and choose "Add sign-in method" → Passkey.',
          'Choose where to keep it, for example in Microsoft Authenticator on your phone or on a security key, and follow the prompts.',
          'If Passkey is not offered, your administrator has not enabled it yet: ask them (Entra admin center → Authentication methods → Passkey (FIDO2)).',
          'Keep the Authenticator app as a backup method.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Extra protection',
    platforms: ['Google', 'Microsoft 365'],
    priority: 'Low',
    risk: 'Low',
    automation: 'AutomatableNotAvailable',
    cisSafeguards: ['6.3'],
  },
  {
    id: 'secure-apple-account',
    version: 1,
    title: 'Secure your Apple Account',
    summary:
      'Check two-factor authentication, trusted numbers and signed-in devices on your Apple Account (formerly Apple ID), and turn on Stolen Device Protection.',
    why: 'Your Apple Account controls your iPhone and Mac, their backups and Find My. Whoever takes it over can read your messages and photos and lock or erase your devices.',
    instructions: [
      {
        platform: null,
        steps: [
          'On your iPhone, open Settings → [your name] → Sign-In & Security and check that Two-Factor Authentication is on. On a Mac it is under System Settings → [your name] → Sign-In & Security; on the web, at account.apple.com.',
          'Check Trusted Phone Numbers and Account Recovery in the same screen, and add a second number or a recovery contact if there is none.',
          'For the strongest protection, add two hardware security keys under Security Keys.',
          'Go back to Settings → [your name] and scroll to the list of devices. Remove any device you no longer own.',
          'Turn on Settings → Face ID & Passcode (or Touch ID & Passcode) → Stolen Device Protection. A thief who has seen your passcode then still cannot change your Apple Account password.',
          'Use a password for your Apple Account that you use nowhere else.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: ['Apple ID', 'Apple Account'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['6.3'],
  },
  {
    id: 'google-security-checkup',
    version: 1,
    title: 'Run the Google Security Checkup',
    summary:
      'Use Google’s Security Checkup on your work and personal Google accounts and fix everything it flags.',
    why: 'Old devices that are still signed in, forgotten app connections and missing recovery options are easy ways into a Google account. The checkup finds them in a few minutes.',
    instructions: [
      {
        platform: null,
        steps: [
          'Open myaccount.google.com/security-checkup while signed in to the account.',
          'Your devices: sign out of every device that you do not recognise or no longer use.',
          'Recent security activity: if there is anything you did not do, change your password straight away and tell your IT contact.',
          'Third-party access ("Your connections to third-party apps & services"): remove apps you no longer use, especially those that can read your e-mail or files.',
          'On a personal Gmail account, make sure 2-Step Verification is on and the recovery phone and e-mail are current.',
          'Repeat the checkup for each Google account you use.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Google'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['6.3'],
  },
  {
    id: 'secure-microsoft-account',
    version: 1,
    title: 'Secure your personal Microsoft account',
    summary:
      'If you sign in to Windows or Outlook.com with a personal Microsoft account, turn on two-step verification and check its devices and recent activity.',
    why: 'A personal Microsoft account often holds the recovery key that unlocks your laptop’s encrypted disk, along with your OneDrive files. Someone who takes it over gets all of that.',
    instructions: [
      {
        platform: null,
        steps: [
          'Open account.microsoft.com/security and sign in with your personal Microsoft account.',
          'Open "Manage how I sign in" (Advanced security options) and turn on Two-step verification, preferably with the Microsoft Authenticator app.',
          'Check that your recovery e-mail and phone number are current.',
          'Look at "Sign-in activity" for anything you did not do. If you find something, change the password at once.',
          'Open account.microsoft.com/devices, remove devices you no longer own, and note where the BitLocker recovery key of your laptop is kept (Manage recovery keys).',
          'Optional: turn on the passwordless account option so the account can no longer be used with a password at all.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: ['Windows'],
    priority: 'Low',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['6.3'],
  },
  {
    id: 'roll-out-password-manager',
    version: 1,
    title: 'Give the team a shared password manager',
    summary:
      'Choose a business password manager, invite everyone and move shared logins into team vaults.',
    why: 'Shared logins kept in spreadsheets or chat messages are easy to steal and impossible to take back when someone leaves. A business password manager controls who can see which login and removes access in one click.',
    instructions: [
      {
        platform: null,
        steps: [
          'Choose a business password manager with shared vaults, an admin console and account recovery, for example Bitwarden, 1Password, Keeper, Dashlane or Proton Pass. Browser-built-in managers are fine for individuals but cannot manage a team.',
          'In its admin settings, require two-step verification for every member and set up account recovery for administrators.',
          'Create shared vaults for team logins (social media, suppliers, office Wi-Fi, domain registrar, website) and give each team access only to its own.',
          'Invite everyone and hold a short session where people install it and move their work passwords into it.',
          'Add the password manager to your offboarding checklist, and change the shared passwords a leaver could see.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    priority: 'High',
    risk: 'High',
    automation: 'NotAutomatable',
    cisSafeguards: ['5.2'],
  },
  {
    id: 'set-password-policy',
    version: 1,
    title: 'Require long passwords that do not expire',
    summary:
      'Set the organisation’s password rules to long, strong passwords without forced periodic changes.',
    why: 'Forcing people to change passwords every few months leads to predictable ones like "Spring2025!". Long passwords that only change when there is a reason are both safer and easier to live with.',
    instructions: [
      {
        platform: 'Google',
        steps: [
          'In the Google Admin console, open Security → Authentication → Password management.',
          'Select the top organisational unit, tick "Enforce strong password" and set the minimum length to at least 12 characters.',
          'Untick "Allow password reuse" and set Expiration to "Never expires".',
          'Optional: tick "Enforce password policy at next sign-in" so existing weak passwords must be changed. Warn staff first.',
          'Save.',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'In the Microsoft 365 admin center, open Settings → Org settings → Security & privacy → Password expiration policy.',
          'Tick "Set passwords to never expire (recommended)" and save.',
          'Microsoft already blocks the most common passwords. With Entra ID P1 (included in Business Premium) you can add your own banned words such as the company name: Entra admin center → Authentication methods → Password protection → Custom banned passwords.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: ['Google', 'Microsoft 365'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableBackend',
    cisSafeguards: ['5.2'],
  },
];
