import type { CatalogueTask } from './types';

/** Company data: backups, restores, where files live and how they are shared. */
export const data: CatalogueTask[] = [
  {
    id: 'back-up-data',
    version: 1,
    title: 'Back up your company’s data',
    summary:
      'Set up automatic daily backups of e-mail, shared files and business systems, with at least one copy that ransomware or a rogue account cannot delete.',
    why: 'Ransomware, a deleted folder, a departing employee or a broken disk can wipe out years of work in minutes. A recent backup that nobody can tamper with is what lets you carry on the next day.',
    instructions: [
      {
        platform: null,
        steps: [
          'List what the business cannot do without: e-mail, shared files, accounting, CRM, the website, any office server or network storage, and files kept on laptops.',
          'Do not rely on the recycle bin or version history of Google Workspace or Microsoft 365: they keep deleted items only for a limited time and do not protect against an attacker with admin access. Add a backup service, such as Microsoft 365 Backup or a third-party backup for Google Workspace or Microsoft 365.',
          'Follow the 3-2-1 rule: three copies of important data, on two different kinds of storage, one of them off-site. Make at least one copy immutable (cannot be deleted or changed for a set time) or offline.',
          'Run backups automatically, at least daily, and have failure alerts e-mailed to two people.',
          'Protect the backup service with its own admin account, a unique password and two-step verification, separate from your everyday accounts.',
          'For laptops, keep work files in company cloud storage (see the task "Keep your work files in company cloud storage").',
          'Write down what is backed up, where, for how long, and how to restore it.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'First things first',
    platforms: ['Google', 'Microsoft 365'],
    priority: 'High',
    risk: 'Critical',
    automation: 'AutomatableNotAvailable',
    cisSafeguards: ['11.1', '11.2', '11.3', '11.4'],
    cyberEssentials: [],
  },
  {
    id: 'test-backup-restore',
    version: 1,
    title: 'Test that you can restore from backup',
    summary:
      'Restore some real data from your backups at least every three months, and once a year rehearse getting the whole business running again.',
    why: 'Backups regularly turn out to be incomplete, unreadable or far too slow to restore, and people usually find out on the worst possible day. A test tells you now, while there is time to fix it.',
    instructions: [
      {
        platform: null,
        steps: [
          'Pick something realistic to restore: a folder deleted last week, one mailbox, the accounting data or a laptop’s files.',
          'Restore it to a separate place so you do not overwrite current data.',
          'Open the restored files and check they are complete and readable. Note how long it took.',
          'Once a year, walk through restoring everything important as if ransomware had hit: how long until people can work again, and is that acceptable?',
          'Write down the restore steps and keep a copy outside your normal systems, for example printed, so you can follow them when those systems are down.',
          'Repeat every three months and whenever you change backup provider or settings.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    priority: 'High',
    risk: 'High',
    automation: 'NotAutomatable',
    cisSafeguards: ['11.5'],
    cyberEssentials: [],
  },
  {
    id: 'store-files-in-cloud',
    version: 1,
    title: 'Keep your work files in company cloud storage',
    summary:
      'Let OneDrive or Google Drive keep your Desktop and Documents folders in sync, so work files are never only on your laptop.',
    why: 'A stolen, broken or ransomware-hit laptop takes every file that exists only on it. Files in company cloud storage survive, and the company can restore older versions.',
    instructions: [
      {
        platform: 'Microsoft 365',
        steps: [
          'Make sure OneDrive is signed in with your work account (the blue cloud icon in the taskbar or menu bar).',
          'Windows: click the OneDrive icon → ⚙ Settings → Sync and back up → Manage back up, turn on Desktop, Documents and Pictures, and click Start backup.',
          'Mac: click the OneDrive icon in the menu bar → ⚙ Settings → Sync and back up (Backup tab in older versions) → Manage back up, and turn on Desktop and Documents.',
          'Check at onedrive.com that your folders appear.',
          'Save new work files in these folders or in SharePoint and Teams, not in other places on the disk or on USB sticks.',
        ],
      },
      {
        platform: 'Google',
        steps: [
          'Install Google Drive for desktop and sign in with your work account.',
          'Click the Drive icon → ⚙ → Preferences → My Computer (or "Folders from your computer") → Add folder.',
          'Choose your Desktop and Documents folders, select "Sync with Google Drive" and save.',
          'Check at drive.google.com → Computers that your folders appear.',
          'Save new work files in Google Drive or shared drives, not in other places on the disk or on USB sticks.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: ['Google', 'Microsoft 365'],
    priority: 'High',
    risk: 'High',
    automation: 'AutomatableAgent',
    cisSafeguards: ['11.2'],
    cyberEssentials: [],
  },
  {
    id: 'review-shared-links',
    version: 1,
    title: 'Clean up old sharing links',
    summary:
      'Go through files and folders you have shared, turn off "anyone with the link" access you no longer need, and remove outside people who are done.',
    why: 'Sharing links keep working long after the project ends, and links get forwarded. Tidying them up makes sure old contracts, price lists and personal data are not open to whoever has the link.',
    instructions: [
      {
        platform: 'Google',
        steps: [
          'Open drive.google.com and go through the folders and files you have shared with clients, suppliers or the public. A people icon or "Shared" label marks shared items.',
          'For each one, click Share and look at General access. Change "Anyone with the link" to "Restricted" (or to your organisation) unless it really must be public.',
          'In the same dialog, remove outside people who no longer need access.',
          'When you share with someone outside the company in future, set an expiry date where Drive offers it (next to their role → Add expiration).',
        ],
      },
      {
        platform: 'Microsoft 365',
        steps: [
          'Open onedrive.com (or OneDrive in Microsoft 365) → Shared → "Shared by you" (or "Shared by me").',
          'Select an item → ⋯ → Manage access.',
          'Under links, delete "Anyone" links you no longer need and remove outside people who are done.',
          'For links you keep, set an expiry date and view-only access where possible.',
          'Also check the SharePoint sites and Teams you own for files shared outside the company.',
        ],
      },
    ],
    scope: 'Individual',
    category: 'Basic protection',
    platforms: ['Google', 'Microsoft 365'],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'AutomatableBackend',
    cisSafeguards: ['3.3'],
    cyberEssentials: ['user-access-control'],
  },
  {
    id: 'list-important-systems',
    version: 1,
    title: 'List your important systems',
    summary:
      'Keep a simple list of the systems and devices that hold company data, who is responsible for each, and whether it has two-step verification and backups.',
    why: 'You cannot protect, back up or lock down what you have forgotten about. A one-page list is also the first thing you need when something goes wrong or someone leaves.',
    instructions: [
      {
        platform: null,
        steps: [
          'Make a spreadsheet of every service holding company data: e-mail and files, accounting, banking, payroll and HR, CRM, website and domain, online shop, social media, password manager, backup service.',
          'For each, note the person responsible, who has admin access (at least two people), whether two-step verification is on, whether it is backed up, and the supplier’s support contact.',
          'Mark services that hold personal data of customers or staff.',
          'Add company laptops and phones: who uses them, the operating system and whether the disk is encrypted.',
          'Store the list where the admins can reach it even if e-mail is down, and review it twice a year and whenever someone leaves.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    priority: 'Medium',
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['1.1', '3.2', '15.1'],
    cyberEssentials: [],
  },
];
