import { DUE_DAYS } from '@castellan/contract/nudge-rules';
import type { CatalogueEntry } from './types';

/** Written routines set up once: who watches for updates of what, how fast findings get fixed. */
export const processes: CatalogueEntry[] = [
  {
    id: 'assign-update-owners',
    version: 1,
    title: 'Decide who keeps each system up to date',
    summary:
      'Write a short list of every system the company relies on, who is responsible for its updates, and how that person hears about them.',
    why: 'Updates close the holes attackers use, but only once someone installs them. Laptops and phones mostly update themselves; the router, the NAS, the website and its plugins often do not, and they get forgotten because everyone assumes someone else looks after them.',
    instructions: [
      {
        platform: null,
        steps: [
          'Start from your list of important systems (the task "List your important systems"), or write one now in a shared spreadsheet or document.',
          'Put one line per system: laptops and computers, phones and tablets, the office router and Wi-Fi, any server or NAS, printers, the website (its platform, theme and plugins), Google Workspace or Microsoft 365, and key apps such as accounting, CRM and the password manager.',
          'For each line, write who is responsible for its updates: a name rather than "IT", with a stand-in for holidays. Note whether updates install automatically, are installed by that person, or by a supplier such as your web agency or IT provider.',
          'For each line, write how that person hears about updates and security problems: the device’s own update notices, the maker’s security e-mails (subscribe with a shared address), the router or NAS app, a supplier’s report, or Castellan’s Risk analysis.',
          'Where a supplier updates something for you, ask them in writing how quickly they install security updates, and note the answer on its line.',
          'Note when each system stops receiving updates (the maker’s end-of-support date) and plan its replacement before then: unsupported software gets no more security fixes.',
          'Review the list every six months and whenever you add or remove a system.',
          'Check: open the list and pick three lines: each names a person and how they hear about updates, and that person can show the system is on its latest version today (for example Settings → About on a phone, or the router’s firmware page).',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    minutes: 30,
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['7.1', '2.2'],
    cyberEssentials: ['security-update-management'],
  },
  {
    id: 'fix-findings-on-time',
    version: 1,
    title: 'Fix security findings within set deadlines',
    summary:
      'Agree how quickly each kind of security finding must be fixed, for example critical ones in two days and high ones in seven, and follow every finding until it is closed.',
    why: 'Scans, alerts and update notices only help if what they find gets fixed. Without deadlines, the urgent gets lost among the trivial and a serious hole can stay open for months, while attackers start using newly published holes within days.',
    instructions: [
      {
        platform: null,
        steps: [
          // The deadlines Castellan's own nudges keep (contract/nudge-rules.ts).
          `Write down your deadlines, counted from the day you learn of a finding: Critical within ${DUE_DAYS.Critical} days, High within ${DUE_DAYS.High} days, Medium within ${DUE_DAYS.Medium} days, Low within ${DUE_DAYS.Low} days (Castellan gives its open tasks the same deadlines and nudges whoever holds them). Security updates rated critical or high are always installed within 14 days.`,
          'List where findings come from: Castellan’s Risk analysis and your open tasks, the security alerts of Google Workspace or Microsoft 365, update notices to the people on your update list, antivirus warnings, and reports from staff, suppliers or outsiders.',
          'Take the severity the source gives (the risk level in Castellan, the alert’s severity, the maker’s rating), and raise it by one step when the system can be reached from the internet or holds sensitive data.',
          'Keep one list of open findings with the date found, severity, who fixes it and the deadline. Findings that Castellan shows as tasks are followed there; put everything else in a shared spreadsheet or your usual task tool.',
          'If something cannot be fixed in time, for example because an update breaks a key app, write down why, what you do meanwhile (turn the feature off, limit who can reach it) and a new date, and have the owner or a director agree to it.',
          'Once a week, look at what is open and past its deadline. Once a month, run Castellan’s Risk analysis again to confirm that fixed findings have gone.',
          'Check: open the list of findings: each has an owner and a deadline, nothing critical or high is past its deadline without a written, agreed exception, and the findings you fixed no longer appear in the latest Risk analysis.',
        ],
      },
    ],
    scope: 'Admin',
    category: 'Basic protection',
    platforms: [],
    minutes: 60,
    risk: 'Medium',
    automation: 'NotAutomatable',
    cisSafeguards: ['7.2'],
    cyberEssentials: ['security-update-management'],
  },
];
