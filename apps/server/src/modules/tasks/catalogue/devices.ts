import type { CatalogueTask } from './types';

/** Laptops and phones: encryption, locking, updates, built-in protection, lost devices. */
export const devices: CatalogueTask[] = [
  {
    id: 'encrypt-disk',
    version: 1,
    title: 'Encrypt your computer’s disk',
    summary:
      'Turn on BitLocker or Device Encryption on Windows, FileVault on macOS or LUKS on Linux, and keep the recovery key somewhere safe.',
    why: 'Laptops get lost and stolen. Without encryption anyone can take out the disk and read every file and saved login on it; with encryption the data is useless to them.',
    instructions: [
      {
        platform: 'Windows',
        steps: [
          'Open Settings → Privacy & security → Device encryption. If the page exists, turn Device encryption on. (It needs you to be signed in with a Microsoft or work account, where the recovery key is saved.)',
          'If there is no Device encryption page but you have Windows 11 Pro, open Control Panel → System and Security → BitLocker Drive Encryption → Turn on BitLocker for the C: drive, and follow the wizard.',
          'When asked where to back up the recovery key, save it to your work (Entra ID) or Microsoft account, or store it in the company password manager. Never keep it only on the laptop itself.',
          'Check: BitLocker Drive Encryption should show "BitLocker on", or run "manage-bde -status C:" in an administrator terminal and look for "Protection On".',
          'Windows Home without a Device encryption page cannot encrypt the disk: ask your administrator about upgrading to Windows 11 Pro.',
        ],
      },
      {
        platform: 'macOS',
        steps: [
          'Open System Settings → Privacy & Security and scroll to FileVault.',
          'Click "Turn On…".',
          'Choose how to recover the disk if you forget your password: on a company Mac, create a recovery key and store it in the company password manager or give it to your administrator, rather than relying on a personal iCloud account.',
          'Keep working while it encrypts; on recent Macs it takes only minutes.',
          'Check: the FileVault section says "FileVault is turned on", or run "fdesetup status" in Terminal.',
        ],
      },
      {
        platform: 'Linux',
        steps: [
          'Check whether the disk is already encrypted: run "lsblk -f" in a terminal and look for a partition of type "crypto_LUKS" under your system disk.',
          'If it is not, encryption is normally chosen when installing: in the Ubuntu installer choose "Use LVM and encryption" (under Advanced features); in the Fedora installer tick "Encrypt my data".',
          'Back up your files first, then reinstall with encryption turned on and restore them. Converting an existing installation in place is possible but risky.',
          'Use a long passphrase for the disk and keep a copy in the company password manager.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableAgent',
    cisSafeguards: ['3.6'],
  },
  {
    id: 'screen-lock',
    version: 1,
    title: 'Lock your screen automatically',
    summary:
      'Make your computer lock itself after at most 5 minutes without use, and lock it yourself whenever you walk away.',
    why: 'An unlocked computer gives anyone nearby your e-mail, files and saved passwords. It takes only a minute at an empty desk, in the office or in a café.',
    instructions: [
      {
        platform: 'Windows',
        steps: [
          'Open Settings → Accounts → Sign-in options and set "If you’ve been away, when should Windows require you to sign in again?" to "When PC wakes up from sleep" (or "Every Time").',
          'Open Settings → Personalization → Lock screen → Screen saver, set Wait to 5 minutes and tick "On resume, display logon screen".',
          'Open Settings → System → Power & battery (Power on desktops) and set the screen to turn off after 5 minutes and the device to sleep after 15 minutes or less.',
          'Press Windows key + L whenever you leave your desk.',
          'Optional: turn on Dynamic lock under Sign-in options so the PC locks when your paired phone moves away.',
        ],
      },
      {
        platform: 'macOS',
        steps: [
          'Open System Settings → Lock Screen.',
          'Set "Start Screen Saver when inactive" and "Turn display off when inactive" to 5 minutes or less.',
          'Set "Require password after screen saver begins or display is turned off" to "Immediately".',
          'Press Control + Command + Q whenever you leave your desk.',
        ],
      },
      {
        platform: 'Linux',
        steps: [
          'In GNOME (Ubuntu, Fedora), open Settings → Privacy & Security → Screen Lock (Settings → Privacy → Screen Lock on older versions).',
          'Set Blank Screen Delay to 5 minutes, turn on Automatic Screen Lock and set its delay to "Screen Turns Off".',
          'In KDE Plasma, use System Settings → Screen Locking and lock after 5 minutes.',
          'Press Super + L whenever you leave your desk.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableAgent',
    cisSafeguards: ['4.3'],
  },
  {
    id: 'update-operating-system',
    version: 1,
    title: 'Keep your operating system up to date',
    summary:
      'Install operating system updates automatically, restart when asked, and make sure your system version still gets security fixes.',
    why: 'Most attacks on computers use security holes that already have a fix. Updates close those holes, but only once they are installed and the computer has restarted.',
    instructions: [
      {
        platform: 'Windows',
        steps: [
          'Open Settings → Windows Update and click "Check for updates". Install everything offered and restart.',
          'Make sure updates are not paused, and set active hours under Advanced options so restarts happen outside your working time.',
          'Check your version under Settings → System → About. Windows 10 stopped receiving free security updates on 14 October 2025: upgrade to Windows 11 if the PC supports it, enrol in Extended Security Updates, or plan to replace the PC.',
          'Restart your computer at least once a week; many updates only take effect after a restart.',
        ],
      },
      {
        platform: 'macOS',
        steps: [
          'Open System Settings → General → Software Update and install any available update.',
          'Click the (i) next to "Automatic updates" and turn everything on, including "Install Security Responses and system files".',
          'If your Mac can no longer upgrade to a version that Apple still supports (roughly the latest three macOS versions), plan to replace it.',
          'Restart when an update asks you to instead of postponing it for days.',
        ],
      },
      {
        platform: 'Linux',
        steps: [
          'On Ubuntu, open Software & Updates → Updates and set "When there are security updates" to "Download and install automatically".',
          'Install all other updates at least weekly with the Software Updater, or run "sudo apt update && sudo apt full-upgrade" (on Fedora: "sudo dnf upgrade").',
          'Restart after kernel updates.',
          'Make sure your release is still supported (for example an Ubuntu LTS release within its support period) and upgrade before it runs out.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'First things first',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableAgent',
    cisSafeguards: ['7.3', '2.2'],
  },
  {
    id: 'update-browser',
    version: 1,
    title: 'Keep your web browser up to date',
    summary:
      'Let your browser update itself and restart it regularly so the updates are actually applied.',
    why: 'The browser is what touches the internet most, so it is attacked most. Browser makers fix serious holes every few weeks, but a browser that is never closed keeps running the old version.',
    instructions: [
      {
        platform: null,
        steps: [
          'Google Chrome: click ⋮ → Help → About Google Chrome. Wait for the update check, then click Relaunch.',
          'Microsoft Edge: click ⋯ → Help and feedback → About Microsoft Edge, then Restart if asked.',
          'Firefox: click ☰ → Help → About Firefox, then "Restart to update".',
          'Safari is updated together with macOS through System Settings → General → Software Update.',
          'Close and reopen your browser at least once a week; tabs are restored afterwards.',
          'Uninstall browsers you no longer use, because they stop getting updated without you noticing.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableAgent',
    cisSafeguards: ['9.1', '7.4'],
  },
  {
    id: 'auto-update-apps',
    version: 1,
    title: 'Turn on automatic updates for your apps',
    summary:
      'Let Office, PDF readers, chat apps and other programs update themselves, and remove programs you no longer use.',
    why: 'Attackers also use holes in everyday programs such as document readers and meeting apps. Automatic updates fix them without you having to remember.',
    instructions: [
      {
        platform: 'Windows',
        steps: [
          'Open the Microsoft Store → your profile picture → Settings and turn on "App updates".',
          'Open Settings → Windows Update → Advanced options and turn on "Receive updates for other Microsoft products" (this covers Office).',
          'Update other programs in one go: open Terminal and run "winget upgrade --all".',
          'Remove programs you no longer use under Settings → Apps → Installed apps.',
        ],
      },
      {
        platform: 'macOS',
        steps: [
          'Open the App Store → Settings and turn on Automatic Updates.',
          'For Microsoft Office, open any Office app → Help → Check for Updates and tick "Automatically keep Microsoft apps up to date".',
          'For apps from outside the App Store, use each app’s "Check for Updates" menu and turn on automatic updates where offered.',
          'Drag apps you no longer use from Applications to the Bin.',
        ],
      },
      {
        platform: 'Linux',
        steps: [
          'Install software from your distribution’s repositories, Flatpak or Snap rather than from random download sites.',
          'System updates cover repository apps; Snap apps update themselves, and Flatpak apps are updated by GNOME Software or with "flatpak update".',
          'Remove programs you no longer use.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableAgent',
    cisSafeguards: ['7.4', '2.2'],
  },
  {
    id: 'enable-firewall',
    version: 1,
    title: 'Turn on your computer’s firewall',
    summary: 'Make sure the built-in firewall is on for every kind of network.',
    why: 'The firewall stops other devices on the same network, for example in a hotel or café, from connecting to services running on your computer.',
    instructions: [
      {
        platform: 'Windows',
        steps: [
          'Open Windows Security → Firewall & network protection.',
          'Check that Domain network, Private network and Public network each say "Firewall is on". If one does not, click it and turn Microsoft Defender Firewall on.',
          'When you join Wi-Fi outside the office, choose Settings → Network & internet → Wi-Fi → the network’s properties → Network profile type → Public network.',
        ],
      },
      {
        platform: 'macOS',
        steps: [
          'Open System Settings → Network → Firewall and turn it on.',
          'Optional: under Options, turn on "Enable stealth mode" so your Mac does not answer probes on public networks.',
        ],
      },
      {
        platform: 'Linux',
        steps: [
          'On Ubuntu, run "sudo ufw enable" and check with "sudo ufw status verbose" that incoming connections are denied by default. The Gufw app offers the same with a window.',
          'On Fedora, firewalld is on by default: check with "sudo firewall-cmd --state".',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableAgent',
    cisSafeguards: ['4.5'],
  },
  {
    id: 'enable-malware-protection',
    version: 1,
    title: 'Keep the built-in malware protection on',
    summary:
      'Check that Microsoft Defender Antivirus, or macOS’s built-in protection, is on and updating itself.',
    why: 'Malicious files arrive by e-mail, download and USB stick. Built-in protection blocks most known ones for free, but only if it has not been turned off or left without updates.',
    instructions: [
      {
        platform: 'Windows',
        steps: [
          'Open Windows Security → Virus & threat protection.',
          'Under "Virus & threat protection settings" → Manage settings, make sure Real-time protection, Cloud-delivered protection and Tamper Protection are on.',
          'Under "Protection updates", click "Check for updates".',
          'Open App & browser control → Reputation-based protection and make sure the protections there (SmartScreen, potentially unwanted app blocking) are on.',
          'If your company uses another antivirus product, check that Windows Security lists it as active and up to date. Do not install two antivirus products.',
        ],
      },
      {
        platform: 'macOS',
        steps: [
          'macOS has built-in malware protection (XProtect) that cannot be switched off, but it needs updates: open System Settings → General → Software Update → (i) next to Automatic updates and turn on "Install Security Responses and system files".',
          'Open System Settings → Privacy & Security → Security and set "Allow applications from" to "App Store & Known Developers" (older versions: "App Store and identified developers").',
          'Do not override macOS warnings about an app "that cannot be checked" for files you did not expect. Ask your IT contact instead.',
          'If your company provides an endpoint protection app, install it.',
        ],
      },
      {
        platform: 'Linux',
        steps: [
          'Install software only from your distribution’s repositories or other trusted sources, and keep the system updated.',
          'If your company provides an endpoint protection product for Linux, install it.',
          'If you regularly pass files to Windows or Mac users, you can scan them with ClamAV ("clamscan -r <folder>").',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableAgent',
    cisSafeguards: ['10.1', '10.2'],
  },
  {
    id: 'use-standard-account',
    version: 1,
    title: 'Work without admin rights',
    summary:
      'Work in a standard user account and keep a separate administrator account for installing software and changing settings.',
    why: 'Anything you open runs with your account’s rights. If that account cannot change the system, a malicious file or website can do much less damage.',
    instructions: [
      {
        platform: 'Windows',
        steps: [
          'If your computer is managed by your company, ask your administrator: they can remove admin rights centrally and give you a way to install approved software.',
          'Otherwise, open Settings → Accounts → Other users → Add account and create a separate local account, for example "Admin-YourName", with a strong password saved in your password manager.',
          'Select the new account → Change account type → Administrator.',
          'Sign out, sign in with the new admin account, open Settings → Accounts → Other users, select your everyday account → Change account type → Standard User.',
          'Sign back in to your everyday account. When Windows asks for administrator approval, enter the admin account’s name and password.',
        ],
      },
      {
        platform: 'macOS',
        steps: [
          'Open System Settings → Users & Groups → Add User (or Add Account) and create an Administrator account, for example "Admin", with a strong password saved in your password manager.',
          'Log out and log in with the new administrator account.',
          'In Users & Groups, click (i) next to your everyday account and turn off "Allow this user to administer this computer", then restart.',
          'Log in to your everyday account as usual. When macOS asks for an administrator, enter the admin account’s name and password.',
        ],
      },
      {
        platform: 'Linux',
        steps: [
          'Create an admin account: "sudo adduser admin-yourname", then add it to the sudo group ("sudo usermod -aG sudo admin-yourname" on Ubuntu, group "wheel" on Fedora).',
          'Check that it works: "su - admin-yourname", then "sudo -v".',
          'Remove your everyday account from the group: "sudo deluser yourname sudo" on Ubuntu or "sudo gpasswd -d yourname wheel" on Fedora.',
          'From now on, switch to the admin account with "su - admin-yourname" when you need to install or change something.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Extra protection',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'Low',
    risk: 'Medium',
    automation: 'AutomatableAgent',
    cisSafeguards: ['5.4'],
  },
  {
    id: 'review-browser-extensions',
    version: 1,
    title: 'Remove browser extensions you do not need',
    summary:
      'Go through your browser extensions and remove any that you do not recognise or no longer use.',
    why: 'Extensions can often read everything you see in the browser, including e-mail and banking pages. Some are malicious from the start; others are sold and turned bad later.',
    instructions: [
      {
        platform: null,
        steps: [
          'Google Chrome: ⋮ → Extensions → Manage Extensions. Microsoft Edge: ⋯ → Extensions → Manage extensions. Firefox: ☰ → Add-ons and themes. Safari: Safari → Settings → Extensions.',
          'Remove every extension you do not recognise or have not used in the last month.',
          'Be especially wary of coupon finders, free VPNs, "PDF converters" and anything asking to "read and change all your data on all websites".',
          'Install new extensions only from the official store, from a publisher you know, and only when you really need them.',
          'Your password manager’s extension is fine to keep.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Windows', 'macOS', 'Linux'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableAgent',
    cisSafeguards: ['9.4'],
  },
  {
    id: 'lock-phone',
    version: 1,
    title: 'Lock and update your phone',
    summary:
      'Protect your phone with a 6-digit PIN or longer plus fingerprint or face unlock, make it lock within a minute, and install updates automatically.',
    why: 'Your phone holds your work e-mail, chats and the second step for your sign-ins. An unlocked or outdated phone in the wrong hands opens all of them.',
    instructions: [
      {
        platform: null,
        steps: [
          'iPhone: open Settings → Face ID & Passcode (or Touch ID & Passcode), turn the passcode on and choose a 6-digit or longer code under Passcode Options.',
          'iPhone: set Settings → Display & Brightness → Auto-Lock to 1 minute or less, and turn on Settings → General → Software Update → Automatic Updates.',
          'Android: open Settings → Security & privacy → Device unlock → Screen lock (names vary by brand) and choose a PIN of at least 6 digits or a password, then add your fingerprint or face.',
          'Android: set Settings → Display → Screen timeout to 1 minute or less, and install updates from Settings → System → Software update (or Security & privacy → System & updates).',
          'Do not use swipe or simple patterns, and never share your PIN.',
          'If your phone no longer gets security updates from its maker, plan to replace it.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: [],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableNotAvailable',
    cisSafeguards: ['4.3', '4.10'],
  },
  {
    id: 'find-my-device',
    version: 1,
    title: 'Turn on Find My on your laptop and phone',
    summary:
      'Turn on the built-in device-finding service so a lost laptop or phone can be located, locked or erased.',
    why: 'When a device goes missing, being able to lock or erase it from a distance turns a possible data breach into the cost of a replacement.',
    instructions: [
      {
        platform: null,
        steps: [
          'iPhone: Settings → [your name] → Find My → Find My iPhone → on, including "Send Last Location".',
          'Mac: System Settings → [your name] → iCloud → Find My Mac → on.',
          'Android: Settings → Google → All services → Find My Device (called Find Hub on newer phones) → on.',
          'Windows: Settings → Privacy & security → Find my device → on. This needs a Microsoft account; company-managed PCs are located by your administrator instead.',
          'Try it once so you know how it works: icloud.com/find, google.com/android/find or account.microsoft.com/devices.',
          'If a device is lost or stolen, tell your administrator straight away, even if you hope to find it again.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Quick fix',
    platforms: ['Windows', 'macOS', 'Apple Account'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['4.11'],
  },
  {
    id: 'usb-caution',
    version: 1,
    title: 'Be careful with USB sticks and chargers',
    summary:
      'Never plug in USB drives of unknown origin, encrypt the ones you carry company data on, and turn off AutoPlay.',
    why: 'A USB stick can carry malware or pretend to be a keyboard that types commands. Unencrypted sticks with company files are also easily lost.',
    instructions: [
      {
        platform: null,
        steps: [
          'Never plug in a USB stick you found, or one you received unexpectedly, for example as a giveaway. Hand it to your IT contact.',
          'Share files through the company’s cloud storage instead of USB sticks whenever you can.',
          'If you must carry company data on a USB drive, encrypt it. Windows Pro: right-click the drive in File Explorer → Turn on BitLocker (under "Show more options" on Windows 11). Mac: right-click the drive in Finder → Encrypt.',
          'On Windows, turn off AutoPlay under Settings → Bluetooth & devices → AutoPlay.',
          'Charge your phone with your own charger and plug, not from USB ports in public places.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Extra protection',
    platforms: ['Windows', 'macOS'],
    priority: 'Low',
    risk: 'Low',
    automation: 'NotAutomatable',
    cisSafeguards: ['3.9', '10.3'],
  },
  {
    id: 'lost-device-procedure',
    version: 1,
    title: 'Prepare for lost or stolen devices',
    summary:
      'Agree how staff report a missing laptop or phone, and know how to sign the person out, lock the device and remove company data.',
    why: 'The first hours after a device goes missing matter most. A short, practised routine stops a lost laptop from turning into a hacked account or a data breach.',
    instructions: [
      {
        platform: null,
        steps: [
          'Tell everyone to report a lost or stolen device to you within an hour, day or night, and make clear that nobody will be blamed for reporting.',
          'Sign the person out everywhere. Google Admin console: Directory → Users → the user → Security → Sign-in cookies → Reset. Microsoft 365 admin center: Users → Active users → the user → "Sign out of all sessions".',
          'Reset the person’s password if the device was not locked with a PIN or password, or if its disk was not encrypted.',
          'Lock or erase the device with icloud.com/find (Mark As Lost / Erase), google.com/android/find, account.microsoft.com/devices, or your device management tool.',
          'Remove company data from phones: Google Admin console → Devices → Mobile & endpoints → Devices → the device → Account wipe; Microsoft Intune admin center → Devices → the device → Retire or Wipe.',
          'If the device was not encrypted and held personal data of customers or staff, check whether you must report a data breach (under GDPR, within 72 hours).',
          'Write down what happened and what you did.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: ['Google', 'Microsoft 365'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['4.11', '17.3'],
  },
  {
    id: 'manage-mobile-devices',
    version: 1,
    title: 'Manage the phones that get company e-mail',
    summary:
      'Turn on mobile management so phones with company e-mail must have a screen lock and company data can be wiped from them remotely.',
    why: 'Phones with work e-mail are everywhere and get lost often. Basic management makes sure they are locked and lets you remove company data without touching personal photos.',
    instructions: [
      {
        platform: 'Google',
        steps: [
          'In the Google Admin console, open Devices → Mobile & endpoints → Settings → Universal settings → General → Mobile management.',
          'Choose "Basic" (no app needed; requires a screen lock and allows account wipe) or "Advanced" (more control, needs the Device Policy app on Android and a profile on iPhone). Basic is enough for most small organisations.',
          'Tell staff beforehand: phones that do not meet the rules will stop syncing company e-mail until they add a screen lock.',
          'Check the list under Devices → Mobile & endpoints → Devices, and remove devices of people who have left.',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'Intune is included in Microsoft 365 Business Premium and E3/E5. Open the Intune admin center (intune.microsoft.com).',
          'For personal phones, create an app protection policy: Apps → App protection policies → Create policy → iOS/iPadOS and Android. Require a PIN for Outlook and Teams and block copying company data into personal apps.',
          'For company-owned phones and laptops, enrol them under Devices → Enrollment and apply a compliance policy that requires a screen lock and encryption.',
          'Without Intune (Business Basic or Standard), keep security defaults on so that every phone signing in to company e-mail needs two-step verification, and ask staff to lock their phones.',
          'Check Devices → All devices regularly and retire devices of people who have left.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Extra protection',
    platforms: ['Google', 'Microsoft 365'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableBackend',
    cisSafeguards: ['1.1', '4.11'],
  },
];
