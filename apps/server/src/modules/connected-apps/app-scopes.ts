// What an outside app's permissions let it reach, in plain words: Google's OAuth scopes (full URLs,
// or openid/email/profile) and Microsoft Graph's delegated permissions (`Mail.Read`, or with
// Graph's URL in front). A scope the product does not know is shown as it is, of class "other".
import type { AppScope, ScopeClass } from '@castellan/contract';

type Words = readonly [words: string, scopeClass: ScopeClass];

const GOOGLE_AUTH = 'https://www.googleapis.com/auth/';
const GRAPH = 'https://graph.microsoft.com/';

const SIGN_IN: Words = ['Sign in with the person’s account', 'sign-in'];
const EMAIL: Words = ['See the person’s e-mail address', 'sign-in'];
const PROFILE: Words = ['See the person’s name and picture', 'sign-in'];

/** Google scopes by their name after `https://www.googleapis.com/auth/`. */
const GOOGLE: Readonly<Record<string, Words>> = {
  'gmail.readonly': ['Read all mail', 'mail'],
  'gmail.modify': ['Read, change and delete mail', 'mail'],
  'gmail.compose': ['Write drafts and send mail', 'mail'],
  'gmail.send': ['Send mail as the person', 'mail'],
  'gmail.insert': ['Add messages to the mailbox', 'mail'],
  'gmail.labels': ['Manage mail labels', 'mail'],
  'gmail.metadata': ['Read mail headers and labels (not the message text)', 'mail'],
  'gmail.settings.basic': ['Change mail settings and filters', 'mail'],
  'gmail.settings.sharing': ['Change mail forwarding and delegation', 'mail'],
  drive: ['See, change and delete all Drive files', 'files'],
  'drive.readonly': ['See and download all Drive files', 'files'],
  'drive.file': ['Only the Drive files used with this app', 'files'],
  'drive.metadata': ['See and change the details of all Drive files', 'files'],
  'drive.metadata.readonly': ['See the names and details of all Drive files', 'files'],
  'drive.appdata': ['Its own settings stored in Drive', 'files'],
  'drive.photos.readonly': ['See photos stored in Drive', 'files'],
  documents: ['See, change and delete all Google Docs documents', 'files'],
  'documents.readonly': ['See all Google Docs documents', 'files'],
  spreadsheets: ['See, change and delete all Google Sheets spreadsheets', 'files'],
  'spreadsheets.readonly': ['See all Google Sheets spreadsheets', 'files'],
  presentations: ['See, change and delete all Google Slides presentations', 'files'],
  'presentations.readonly': ['See all Google Slides presentations', 'files'],
  calendar: ['See, change and delete all calendars', 'calendar'],
  'calendar.readonly': ['See all calendars', 'calendar'],
  'calendar.events': ['See and change calendar events', 'calendar'],
  'calendar.events.readonly': ['See calendar events', 'calendar'],
  'calendar.settings.readonly': ['See calendar settings', 'calendar'],
  contacts: ['See, change and delete contacts', 'contacts'],
  'contacts.readonly': ['See contacts', 'contacts'],
  'contacts.other.readonly': ['See the people the person has e-mailed', 'contacts'],
  'directory.readonly': ['See the company directory', 'contacts'],
  'userinfo.email': EMAIL,
  'userinfo.profile': PROFILE,
};

/** Google scopes that are not under `…/auth/`. */
const GOOGLE_OTHER: Readonly<Record<string, Words>> = {
  openid: SIGN_IN,
  email: EMAIL,
  profile: PROFILE,
  'https://mail.google.com/': ['Read, send and delete all mail, for good', 'mail'],
  'https://www.google.com/m8/feeds': ['See, change and delete contacts', 'contacts'],
  'https://www.google.com/calendar/feeds': ['See, change and delete all calendars', 'calendar'],
};

/** Microsoft Graph permissions, lower case. */
const MICROSOFT: Readonly<Record<string, Words>> = {
  openid: SIGN_IN,
  email: EMAIL,
  profile: PROFILE,
  offline_access: ['Keep its access while the person is away', 'sign-in'],
  'user.read': ['Sign in and see the person’s profile', 'sign-in'],
  'mail.read': ['Read all mail', 'mail'],
  'mail.readbasic': ['Read mail headers (not the message text)', 'mail'],
  'mail.readwrite': ['Read, change and delete mail', 'mail'],
  'mail.send': ['Send mail as the person', 'mail'],
  'mail.read.shared': ['Read mail the person can open in shared mailboxes', 'mail'],
  'mail.readwrite.shared': ['Read, change and delete mail in shared mailboxes', 'mail'],
  'mail.send.shared': ['Send mail from shared mailboxes', 'mail'],
  'mailboxsettings.read': ['See mailbox settings', 'mail'],
  'mailboxsettings.readwrite': ['Change mailbox settings, forwarding included', 'mail'],
  'imap.accessasuser.all': ['Read and change all mail over IMAP', 'mail'],
  'pop.accessasuser.all': ['Read all mail over POP', 'mail'],
  'smtp.send': ['Send mail over SMTP', 'mail'],
  'ews.accessasuser.all': ['Read and change all mail through Exchange Web Services', 'mail'],
  'files.read': ['See and download the person’s files', 'files'],
  'files.read.all': ['See and download every file the person can open', 'files'],
  'files.readwrite': ['See, change and delete the person’s files', 'files'],
  'files.readwrite.all': ['See, change and delete every file the person can open', 'files'],
  'files.readwrite.appfolder': ['Its own folder in OneDrive', 'files'],
  'files.read.selected': ['Only the files the person picks', 'files'],
  'files.readwrite.selected': ['Only the files the person picks, to change them', 'files'],
  'sites.read.all': ['See every SharePoint site and its files', 'files'],
  'sites.readwrite.all': ['See, change and delete everything in SharePoint sites', 'files'],
  'sites.manage.all': ['Create and manage SharePoint lists and libraries', 'files'],
  'sites.fullcontrol.all': ['Full control of every SharePoint site', 'files'],
  'notes.read': ['See the person’s OneNote notebooks', 'files'],
  'notes.readwrite': ['See and change the person’s OneNote notebooks', 'files'],
  'notes.read.all': ['See every OneNote notebook the person can open', 'files'],
  'notes.readwrite.all': ['See and change every OneNote notebook the person can open', 'files'],
  'calendars.read': ['See the person’s calendars', 'calendar'],
  'calendars.readbasic': ['See the person’s calendar events (not their text)', 'calendar'],
  'calendars.readwrite': ['See, change and delete the person’s calendar events', 'calendar'],
  'calendars.read.shared': ['See calendars shared with the person', 'calendar'],
  'calendars.readwrite.shared': ['Change calendars shared with the person', 'calendar'],
  'contacts.read': ['See the person’s contacts', 'contacts'],
  'contacts.readwrite': ['See, change and delete the person’s contacts', 'contacts'],
  'people.read': ['See the people the person works with', 'contacts'],
  'people.read.all': ['See everyone in the company directory', 'contacts'],
  'user.readbasic.all': [
    'See the names and e-mail addresses of everyone in the company',
    'contacts',
  ],
  'user.read.all': ['See the full profiles of everyone in the company', 'contacts'],
};

/** Scope families by their prefix: an unlisted scope of a known family keeps its family's class. */
const GOOGLE_FAMILIES: readonly [prefix: string, ScopeClass][] = [
  ['gmail.', 'mail'],
  ['drive.', 'files'],
  ['calendar.', 'calendar'],
  ['contacts.', 'contacts'],
];
const MICROSOFT_FAMILIES: readonly [prefix: string, ScopeClass][] = [
  ['mail.', 'mail'],
  ['mailboxsettings.', 'mail'],
  ['files.', 'files'],
  ['sites.', 'files'],
  ['calendars.', 'calendar'],
  ['contacts.', 'contacts'],
];

const familyOf = (name: string, families: readonly [string, ScopeClass][]): ScopeClass =>
  families.find(([prefix]) => name.startsWith(prefix))?.[1] ?? 'other';

function googleWords(scope: string): Words | null {
  const other = GOOGLE_OTHER[scope];
  if (other) return other;
  if (!scope.startsWith(GOOGLE_AUTH)) return null;
  const name = scope.slice(GOOGLE_AUTH.length);
  return GOOGLE[name] ?? [scope, familyOf(name, GOOGLE_FAMILIES)];
}

function microsoftWords(scope: string): Words | null {
  const lower = scope.toLowerCase();
  const name = lower.startsWith(GRAPH) ? lower.slice(GRAPH.length) : lower;
  return MICROSOFT[name] ?? [scope, familyOf(name, MICROSOFT_FAMILIES)];
}

/** One scope of a suite's grant, in plain words with its class. */
export function describeScope(suite: 'google' | 'microsoft', scope: string): AppScope {
  const [words, scopeClass] = (suite === 'google' ? googleWords(scope) : microsoftWords(scope)) ?? [
    scope,
    'other',
  ];
  return { scope, words, class: scopeClass };
}

/** The order classes are listed in: what matters most first. */
const CLASS_ORDER: readonly ScopeClass[] = [
  'mail',
  'files',
  'calendar',
  'contacts',
  'other',
  'sign-in',
];

/** The classes of `scopes`, each once, in CLASS_ORDER. */
export const classesOf = (scopes: readonly Pick<AppScope, 'class'>[]): ScopeClass[] =>
  CLASS_ORDER.filter((c) => scopes.some((s) => s.class === c));

/** Whether an app holding `scopes` can reach company mail or files. */
export const reachesMailOrFiles = (suite: 'google' | 'microsoft', scopes: readonly string[]) =>
  scopes.some((s) => {
    const c = describeScope(suite, s).class;
    return c === 'mail' || c === 'files';
  });
