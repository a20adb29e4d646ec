// Phishing practice: campaigns of harmless practice messages, what each person did with theirs,
// and the two-minute lesson a click leads to. Constants in phishing-rules.ts.
import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import {
  PHISHING_MAX_RECIPIENTS,
  PHISHING_TEMPLATE_IDS,
  PHISHING_WINDOW_HOURS,
} from './phishing-rules';

export * from './phishing-rules';

/** A template as the administrator chooses it. */
export const phishingTemplate = z.object({
  id: z.enum(PHISHING_TEMPLATE_IDS),
  title: z.string(),
  /** The subject and sender name as they arrive, with the organisation's name filled in. */
  subject: z.string(),
  fromName: z.string(),
  /** What it tries to make people do, in a line. */
  summary: z.string(),
});
export type PhishingTemplate = z.infer<typeof phishingTemplate>;

/** Counts of a campaign, or of all campaigns of a person. */
export const phishingFigures = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  clicked: z.number().int(),
  submitted: z.number().int(),
  reported: z.number().int(),
  lessonsDone: z.number().int(),
  /** Visits by mail scanners: recognised and not counted against anyone. */
  scannerVisits: z.number().int(),
});
export type PhishingFigures = z.infer<typeof phishingFigures>;

export const phishingCampaign = z.object({
  id: z.uuid(),
  templateId: z.enum(PHISHING_TEMPLATE_IDS),
  title: z.string(),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  /** The messages go out at random times between these two. */
  windowStart: isoDateTime,
  windowEnd: isoDateTime,
  /** `sending` until the last message went out. */
  state: z.enum(['sending', 'sent']),
  figures: phishingFigures,
});
export type PhishingCampaign = z.infer<typeof phishingCampaign>;

/** `GET /api/phishing` (administrators): the consent, the report address, templates and campaigns. */
export const phishingOverview = z.object({
  consent: z.object({ by: z.string().nullable(), at: isoDateTime, text: z.string() }).nullable(),
  /** Replies and reports sent here count as reported; null while this server receives no mail. */
  reportAddress: z.string().nullable(),
  /** Whether the server sends e-mail at all (MAIL_ENABLED). */
  mailEnabled: z.boolean(),
  /** The header and sender a mail administrator allowlists. */
  allowlist: z.object({ header: z.string(), fromAddress: z.string() }),
  templates: z.array(phishingTemplate),
  /** Newest first. */
  campaigns: z.array(phishingCampaign),
});
export type PhishingOverview = z.infer<typeof phishingOverview>;

/** `POST /api/phishing/consent`: the administrator confirms they may run practice. */
export const phishingConsentRequest = z.strictObject({
  confirm: z.literal(true, { message: 'must be true: confirm that you may run phishing practice' }),
});
export type PhishingConsentRequest = z.infer<typeof phishingConsentRequest>;

/** `POST /api/phishing/campaigns` */
export const newPhishingCampaignRequest = z.strictObject({
  templateId: z.enum(PHISHING_TEMPLATE_IDS),
  /** Everyone who is a member now, or the people named in `userIds`. */
  everyone: z.boolean(),
  userIds: z
    .array(z.uuid({ message: 'must be user ids' }))
    .max(PHISHING_MAX_RECIPIENTS)
    .default([]),
  windowHours: z.union(
    PHISHING_WINDOW_HOURS.map((h) => z.literal(h)),
    { message: `must be one of ${PHISHING_WINDOW_HOURS.join(', ')}` },
  ),
});
export type NewPhishingCampaignRequest = z.input<typeof newPhishingCampaignRequest>;

/** One person's message of a campaign. */
export const phishingRecipient = z.object({
  userId: z.uuid().nullable(),
  name: z.string(),
  email: z.string(),
  scheduledAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  clickedAt: isoDateTime.nullable(),
  submittedAt: isoDateTime.nullable(),
  reportedAt: isoDateTime.nullable(),
  lessonDoneAt: isoDateTime.nullable(),
  scannerVisits: z.number().int(),
  /** Why it could not be sent, when it could not. */
  failed: z.string().nullable(),
});
export type PhishingRecipient = z.infer<typeof phishingRecipient>;

/** `GET /api/phishing/campaigns/:id` */
export const phishingCampaignResponse = z.object({
  campaign: phishingCampaign,
  recipients: z.array(phishingRecipient),
});
export type PhishingCampaignResponse = z.infer<typeof phishingCampaignResponse>;

/** A person across every campaign, and whether their practice passes. */
export const phishingPerson = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  figures: phishingFigures.omit({ recipients: true }),
  /** pass: reported or ignored the last practice and finished every lesson of a click; null: not judged yet. */
  verdict: z.enum(['pass', 'fail']).nullable(),
  detail: z.string().nullable(),
});
export type PhishingPerson = z.infer<typeof phishingPerson>;

/** `GET /api/phishing/people` */
export const phishingPeopleResponse = z.object({ people: z.array(phishingPerson) });
export type PhishingPeopleResponse = z.infer<typeof phishingPeopleResponse>;

/** A passage of the practice message; `tell` numbers the warning sign it shows, if any. */
export const practicePassage = z.object({ text: z.string(), tell: z.number().int().nullable() });

/** `GET /api/practice/:token` (no sign-in: the token is the message's own link). */
export const practiceResponse = z.object({
  organizationName: z.string(),
  templateId: z.enum(PHISHING_TEMPLATE_IDS),
  /** The message as it arrived, for the lesson to point at its tells. */
  message: z.object({
    fromName: z.string(),
    fromAddress: z.string(),
    subject: z.string(),
    body: z.array(practicePassage),
    linkText: z.string(),
  }),
  /** What the page the link led to asked for (a password, card details...). */
  lure: z.object({ heading: z.string(), fields: z.array(z.string()), button: z.string() }),
  /** The tells, in the order the numbers in `message.body` refer to them. */
  tells: z.array(z.object({ title: z.string(), text: z.string() })),
  nextTime: z.array(z.string()),
  reportAddress: z.string().nullable(),
  state: z.object({
    clicked: z.boolean(),
    submitted: z.boolean(),
    reported: z.boolean(),
    lessonDone: z.boolean(),
  }),
});
export type PracticeResponse = z.infer<typeof practiceResponse>;

export const campaignParams = z.strictObject({ id: z.uuid({ message: 'must be a campaign id' }) });
export const practiceParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'is not a practice link' }),
});

const practiceState = practiceResponse.shape.state;

export const phishingEndpoints = {
  getPhishing: endpoint({
    method: 'GET',
    path: '/phishing',
    access: 'admin',
    response: { 200: phishingOverview },
    summary:
      'Phishing practice: the consent, the report address, the templates and the campaigns (administrators)',
  }),
  consentToPhishing: endpoint({
    method: 'POST',
    path: '/phishing/consent',
    access: 'admin',
    body: phishingConsentRequest,
    response: { 200: phishingOverview },
    summary:
      'Confirm that the organisation may run phishing practice; recorded with who and when (administrators)',
  }),
  createPhishingCampaign: endpoint({
    method: 'POST',
    path: '/phishing/campaigns',
    access: 'admin',
    body: newPhishingCampaignRequest,
    response: { 201: z.object({ campaign: phishingCampaign }) },
    summary:
      'Start a campaign: one practice message per person, spread over the chosen window (administrators)',
  }),
  getPhishingCampaign: endpoint({
    method: 'GET',
    path: '/phishing/campaigns/:id',
    access: 'admin',
    params: campaignParams,
    response: { 200: phishingCampaignResponse },
    summary: 'A campaign and what each person did with their message (administrators)',
  }),
  listPhishingPeople: endpoint({
    method: 'GET',
    path: '/phishing/people',
    access: 'admin',
    response: { 200: phishingPeopleResponse },
    summary:
      'Each member across every campaign, and whether their practice passes (administrators)',
  }),
  getPractice: endpoint({
    method: 'GET',
    path: '/practice/:token',
    access: 'public',
    params: practiceParams,
    response: { 200: practiceResponse },
    summary: 'A practice message’s page and lesson, by the link in the message (no sign-in)',
  }),
  openPractice: endpoint({
    method: 'POST',
    path: '/practice/:token/open',
    access: 'public',
    params: practiceParams,
    response: { 200: z.object({ counted: z.boolean(), state: practiceState }) },
    summary:
      'The practice page was opened in a browser: a click, unless it came from a mail scanner',
  }),
  submitPractice: endpoint({
    method: 'POST',
    path: '/practice/:token/submitted',
    access: 'public',
    params: practiceParams,
    response: { 200: z.object({ state: practiceState }) },
    summary: 'Something was typed into the practice page (what was typed is never sent)',
  }),
  finishPracticeLesson: endpoint({
    method: 'POST',
    path: '/practice/:token/lesson',
    access: 'public',
    params: practiceParams,
    response: { 200: z.object({ state: practiceState }) },
    summary: 'The lesson of a practice message was read to the end',
  }),
};
