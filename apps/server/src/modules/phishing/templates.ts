// The practice messages: written for a small office, with the organisation's name filled in and no
// real brand's name or logo. Each knows its tells (the warning signs the lesson points at) and
// what the page its link leads to asks for.
import type { PhishingTemplateId } from '@castellan/contract';

/** A passage of the message; `tell` is the number of the warning sign it shows. */
export type Passage = { text: string; tell: number | null };

export type PracticeTemplate = {
  id: PhishingTemplateId;
  title: string;
  summary: string;
  fromName: string;
  subject: string;
  /** The passages before the link, the link's text, and the passages after it. */
  body: Passage[];
  linkText: string;
  linkTell: number | null;
  closing: Passage[];
  lure: { heading: string; fields: string[]; button: string };
  tells: { title: string; text: string }[];
  nextTime: string[];
};

const p = (text: string, tell: number | null = null): Passage => ({ text, tell });

/** What is worth doing whatever the message was. */
const ALWAYS = [
  'Stop for ten seconds before you click, pay or type a password: pressure is the tool, not the reason.',
  'Check the message another way: open the website from your bookmarks, or call the person on a number you already have.',
  'Report it, even when you are unsure. A false alarm costs nothing.',
];

type Writer = (org: string, year: number) => Omit<PracticeTemplate, 'id'>;

const WRITERS: Record<PhishingTemplateId, Writer> = {
  invoice: (org) => ({
    title: 'Overdue invoice',
    summary: 'An unexpected "overdue" invoice that asks the reader to sign in to see it.',
    fromName: 'Northgate Office Supplies Accounts',
    subject: `Overdue invoice INV-20418 for ${org}: payment due today`,
    body: [
      p(`Hello ${org} accounts team,`),
      p('Our records show that invoice INV-20418 (£1,284.60) is now 14 days overdue.', 1),
      p(
        'To avoid a late fee and a hold on your account, please review and settle it today through the secure link below.',
        2,
      ),
    ],
    linkText: 'View invoice INV-20418',
    linkTell: 3,
    closing: [p('Kind regards,'), p('Accounts Receivable')],
    lure: {
      heading: 'Sign in to view your invoice',
      fields: ['Work e-mail', 'Password'],
      button: 'View invoice',
    },
    tells: [
      {
        title: 'An invoice nobody expected',
        text: 'Do you buy from this supplier? A real overdue invoice would normally follow earlier reminders, to someone who knows the account.',
      },
      {
        title: 'Pressure to act today',
        text: 'Late fees, holds and "today" are there to rush you past checking. Real suppliers give you time and a phone number.',
      },
      {
        title: 'A sign-in to see an invoice',
        text: 'An invoice is a document, not a website that needs your work password. Hover over the link: it does not lead to a supplier you know.',
      },
    ],
    nextTime: [
      'Check unexpected invoices with whoever pays your bills, using the supplier details you already have.',
      ...ALWAYS,
    ],
  }),
  'shared-document': (org, year) => ({
    title: 'Shared document',
    summary: 'A tempting document "shared" by nobody in particular, behind a sign-in page.',
    fromName: `${org} Documents`,
    subject: `A document has been shared with you: "Salary review ${year}"`,
    body: [
      p(
        `Someone at ${org} shared a document with you and asked for your comments by the end of the day.`,
        1,
      ),
      p(`Salary review ${year}.xlsx · 1 page`, 2),
    ],
    linkText: 'Open document',
    linkTell: 3,
    closing: [p(`You are receiving this because you have an account with ${org} Documents.`)],
    lure: {
      heading: 'Sign in to open the document',
      fields: ['E-mail address', 'Password'],
      button: 'Sign in',
    },
    tells: [
      {
        title: '"Someone" shared it',
        text: 'Real sharing messages name the person who shared. Who would send you this, and why would they not say so?',
      },
      {
        title: 'A subject chosen to make you curious',
        text: 'Salaries, bonuses and layoffs are picked because they are hard to ignore. Curiosity is the hook.',
      },
      {
        title: 'A sign-in page after the click',
        text: 'You are already signed in to your own files. A page that asks for your password again, after a link in an e-mail, is the warning sign.',
      },
    ],
    nextTime: [
      'Open shared files from your own drive or file list rather than from a link in an e-mail.',
      ...ALWAYS,
    ],
  }),
  'password-expiry': (org) => ({
    title: 'Password expiry',
    summary: 'An "IT helpdesk" warning that a password expires, with a link to keep it.',
    fromName: `${org} IT Helpdesk`,
    subject: 'Your password expires in 24 hours',
    body: [
      p(`Your ${org} password will expire in 24 hours.`, 1),
      p('To keep your current password and avoid losing access to your e-mail, confirm it now.', 2),
    ],
    linkText: 'Keep my current password',
    linkTell: 3,
    closing: [p('This is an automated message. Replies are not read.', 4)],
    lure: {
      heading: 'Confirm your password',
      fields: ['E-mail address', 'Current password'],
      button: 'Keep password',
    },
    tells: [
      {
        title: 'A warning your IT contact never sends like this',
        text: 'Ask yourself whether your IT contact has ever written to you this way. Password changes happen when you sign in, not through a link.',
      },
      {
        title: 'A threat and an odd offer',
        text: '"Avoid losing access" frightens; "keep your current password" makes no sense, since nobody needs to know a password to keep it.',
      },
      {
        title: 'A link that asks for your password',
        text: 'Hover over it: it does not lead to the page where you normally sign in. No one, IT included, ever needs you to type your password into a link.',
      },
      {
        title: 'No way to check',
        text: '"Replies are not read" stops you from asking. A real notice tells you whom to contact.',
      },
    ],
    nextTime: [
      'When a message says your password expires, go to your usual sign-in page yourself, or ask your IT contact.',
      ...ALWAYS,
    ],
  }),
  parcel: (org) => ({
    title: 'Missed parcel',
    summary: 'A missed delivery that needs a small fee paid by card.',
    fromName: 'Parcel Delivery Notice',
    subject: 'We could not deliver your parcel today',
    body: [
      p(
        `We tried to deliver a parcel to ${org} today, but nobody was available to sign for it.`,
        1,
      ),
      p('A redelivery fee of £1.99 is due before we can try again.', 2),
    ],
    linkText: 'Arrange redelivery',
    linkTell: 3,
    closing: [
      p('If the fee is not paid within 48 hours, the parcel will be returned to the sender.', 4),
    ],
    lure: {
      heading: 'Pay the redelivery fee',
      fields: ['Name on card', 'Card number', 'Expiry date', 'Security code'],
      button: 'Pay £1.99',
    },
    tells: [
      {
        title: 'No carrier, no sender, no tracking number',
        text: 'A real notice says who sent the parcel and gives a tracking number you can check on the carrier’s own website.',
      },
      {
        title: 'A small fee',
        text: 'The amount is small so that you do not think twice. What the sender wants is your card number, not £1.99.',
      },
      {
        title: 'A payment link in an e-mail',
        text: 'Carriers do not ask for card details through a link. Hover over it: the address is not a carrier you know.',
      },
      {
        title: 'A deadline',
        text: '"Within 48 hours" is there to hurry you. A real parcel waits at the depot.',
      },
    ],
    nextTime: [
      'Track parcels on the carrier’s own website or app, with the tracking number from the shop you ordered from.',
      ...ALWAYS,
    ],
  }),
  'gift-cards': (org) => ({
    title: 'A colleague’s request for gift cards',
    summary: 'A "director" who cannot talk asks for gift cards bought today and their codes sent.',
    fromName: `${org} Managing Director`,
    subject: 'Quick favour: are you at your desk?',
    body: [
      p('Are you free? I am in meetings all afternoon and cannot take calls.', 1),
      p(
        'I need you to buy six £100 gift cards for a client thank-you today. I will pay you back this week.',
        2,
      ),
      p('Please keep this between us for now; it is a surprise.', 3),
      p('Send me the card codes through this secure form as soon as you have them:'),
    ],
    linkText: 'Send the card codes',
    linkTell: 4,
    closing: [p('Thanks,')],
    lure: {
      heading: 'Send the gift card codes',
      fields: ['Card code 1', 'Card code 2', 'Card code 3'],
      button: 'Send codes',
    },
    tells: [
      {
        title: 'They cannot be reached',
        text: '"In meetings, cannot take calls" stops you from checking with a quick call, which is exactly what you should do.',
      },
      {
        title: 'Gift cards',
        text: 'Gift cards are used by scammers because they cannot be traced or refunded. A real business pays clients another way.',
      },
      {
        title: 'Secrecy',
        text: '"Keep this between us" keeps colleagues who would spot the trick out of it.',
      },
      {
        title: 'Codes sent through a link',
        text: 'Whoever has the codes has the money. Never send codes to anyone, whoever they seem to be.',
      },
    ],
    nextTime: [
      'Check any unusual request for money, gift cards or bank changes by calling the person on a number you already have.',
      ...ALWAYS,
    ],
  }),
};

/** A company's name as the messages use it: its domain's first label, capitalised. */
export function companyNameOf(domain: string): string {
  const [label = domain] = domain.split('.');
  return label
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The template written out for an organisation. */
export function practiceTemplate(
  id: PhishingTemplateId,
  organizationDomain: string,
  at = new Date(),
): PracticeTemplate {
  return { id, ...WRITERS[id](companyNameOf(organizationDomain), at.getUTCFullYear()) };
}

export const TEMPLATE_IDS = Object.keys(WRITERS) as PhishingTemplateId[];
