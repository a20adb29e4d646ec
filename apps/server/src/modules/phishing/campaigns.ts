// What administrators do with phishing practice: confirm they may, start campaigns, and read
// what happened per campaign and per person.
import { randomBytes, randomInt } from 'node:crypto';
import {
  type NewPhishingCampaignRequest,
  PHISHING_CONSENT_TEXT,
  PHISHING_MAX_RECIPIENTS,
  type PhishingCampaign,
  type PhishingCampaignResponse,
  type PhishingFigures,
  type PhishingOverview,
  type PhishingPeopleResponse,
  type PhishingTemplateId,
} from '@castellan/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { nameOf } from '../mail/context';
import { addressOf } from '../mail/mailer';
import { byPerson, judgePractice } from './judge';
import { domainOf, membersOf } from './members';
import { PRACTICE_HEADER } from './practice-mail';
import { reportAddressOf } from './report-address';
import {
  type CampaignRow,
  findSettings,
  insertCampaign,
  insertConsent,
  listCampaignMessages,
  listCampaigns,
  listOrganizationMessages,
  type MessageRow,
} from './repository';
import { practiceTemplate, TEMPLATE_IDS } from './templates';

/** Who acts, and where: consent and campaigns are in the organisation's audit log. */
export type PhishingCaller = { organizationId: string; actor: AuditActor };

const iso = (at: Date | null) => at?.toISOString() ?? null;
const clicked = (m: MessageRow) => m.clickedAt !== null || m.submittedAt !== null;

function figuresOf(messages: readonly MessageRow[]): PhishingFigures {
  const count = (test: (m: MessageRow) => boolean) => messages.filter(test).length;
  return {
    recipients: messages.length,
    sent: count((m) => m.mailStatus === 'sent'),
    clicked: count(clicked),
    submitted: count((m) => m.submittedAt !== null),
    reported: count((m) => m.reportedAt !== null),
    lessonsDone: count((m) => clicked(m) && m.lessonDoneAt !== null),
    scannerVisits: messages.reduce((sum, m) => sum + m.scannerVisits, 0),
  };
}

function campaignOf(
  row: CampaignRow,
  messages: readonly MessageRow[],
  domain: string,
): PhishingCampaign {
  const waiting = messages.some((m) => !m.queued && m.failed === null);
  return {
    id: row.id,
    templateId: row.templateId as PhishingTemplateId,
    title: practiceTemplate(row.templateId as PhishingTemplateId, domain).title,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    windowStart: row.windowStart.toISOString(),
    windowEnd: row.windowEnd.toISOString(),
    state: waiting ? 'sending' : 'sent',
    figures: figuresOf(messages),
  };
}

async function organizationDomain(db: Db, organizationId: string): Promise<string> {
  const domain = await domainOf(db, organizationId);
  if (!domain) throw new NotFoundError('Organization not found');
  return domain;
}

export async function phishingOverview(
  db: Db,
  config: Config,
  organizationId: string,
): Promise<PhishingOverview> {
  const [domain, settings, campaigns, messages] = await Promise.all([
    organizationDomain(db, organizationId),
    findSettings(db, organizationId),
    listCampaigns(db, organizationId),
    listOrganizationMessages(db, organizationId),
  ]);
  return {
    consent: settings
      ? {
          by: settings.consentedByEmail,
          at: settings.consentedAt.toISOString(),
          text: settings.consentText,
        }
      : null,
    reportAddress: settings ? reportAddressOf(config, settings.reportKey) : null,
    mailEnabled: config.mail.enabled,
    allowlist: { header: PRACTICE_HEADER, fromAddress: addressOf(config.mail.from) },
    templates: TEMPLATE_IDS.map((id) => {
      const t = practiceTemplate(id, domain);
      return { id, title: t.title, subject: t.subject, fromName: t.fromName, summary: t.summary };
    }),
    campaigns: campaigns.map((c) =>
      campaignOf(
        c,
        messages.filter((m) => m.campaignId === c.id),
        domain,
      ),
    ),
  };
}

export async function consentToPhishing(
  db: Db,
  config: Config,
  caller: PhishingCaller,
): Promise<PhishingOverview> {
  const recorded = await insertConsent(db, {
    organizationId: caller.organizationId,
    consentedById: caller.actor.id,
    consentedByEmail: caller.actor.email,
    consentText: PHISHING_CONSENT_TEXT,
    reportKey: randomBytes(10).toString('hex'),
  });
  if (recorded) {
    await recordAuditEvent(db, {
      action: 'phishing.consented',
      organizationId: caller.organizationId,
      actor: caller.actor,
      details: { text: PHISHING_CONSENT_TEXT },
    });
  }
  return phishingOverview(db, config, caller.organizationId);
}

/**
 * Starts a campaign: one message per person, each due at a random moment of the window, so that
 * they do not arrive together (and a colleague's warning does not spoil everyone's practice).
 */
export async function createCampaign(
  db: Db,
  config: Config,
  caller: PhishingCaller,
  request: NewPhishingCampaignRequest,
  now = new Date(),
): Promise<PhishingCampaign> {
  const { organizationId } = caller;
  if (!(await findSettings(db, organizationId))) {
    throw new BadRequestError(
      'Confirm that you may run phishing practice before the first campaign.',
    );
  }
  if (!config.mail.enabled) {
    throw new BadRequestError(
      'This server sends no e-mail (MAIL_ENABLED is off), so practice messages cannot go out.',
    );
  }
  const chosen = request.everyone ? undefined : [...new Set(request.userIds ?? [])];
  if (chosen?.length === 0) throw new BadRequestError('Choose at least one person, or everyone.');
  const people = await membersOf(db, organizationId, chosen);
  if (chosen && people.length !== chosen.length) {
    throw new BadRequestError('Some of the chosen people are not members of this organisation.');
  }
  if (people.length > PHISHING_MAX_RECIPIENTS) {
    throw new BadRequestError(`A campaign reaches at most ${PHISHING_MAX_RECIPIENTS} people.`);
  }
  const windowMs = request.windowHours * 3_600_000;
  const windowEnd = new Date(now.getTime() + windowMs);
  const id = await insertCampaign(
    db,
    {
      organizationId,
      templateId: request.templateId,
      createdById: caller.actor.id,
      createdAt: now,
      windowStart: now,
      windowEnd,
    },
    people.map((p) => ({
      organizationId,
      userId: p.id,
      recipient: p.email,
      sendAt: new Date(now.getTime() + randomInt(0, windowMs)),
    })),
  );
  await recordAuditEvent(db, {
    action: 'phishing.campaign_started',
    organizationId,
    actor: caller.actor,
    details: {
      campaign: id,
      template: request.templateId,
      people: people.length,
      windowHours: request.windowHours,
    },
  });
  const { campaign } = await campaignResults(db, organizationId, id);
  return campaign;
}

export async function campaignResults(
  db: Db,
  organizationId: string,
  campaignId: string,
): Promise<PhishingCampaignResponse> {
  const [domain, campaigns, messages, members] = await Promise.all([
    organizationDomain(db, organizationId),
    listCampaigns(db, organizationId),
    listCampaignMessages(db, organizationId, campaignId),
    membersOf(db, organizationId),
  ]);
  const row = campaigns.find((c) => c.id === campaignId);
  if (!row) throw new NotFoundError('Campaign not found');
  const names = new Map(members.map((m) => [m.id, nameOf(m)]));
  return {
    campaign: campaignOf(row, messages, domain),
    recipients: messages.map((m) => ({
      userId: m.userId,
      name: (m.userId && names.get(m.userId)) || m.recipient,
      email: m.recipient,
      scheduledAt: m.sendAt.toISOString(),
      sentAt: m.mailStatus === 'sent' ? iso(m.sentAt) : null,
      clickedAt: iso(m.clickedAt ?? m.submittedAt),
      submittedAt: iso(m.submittedAt),
      reportedAt: iso(m.reportedAt),
      lessonDoneAt: iso(m.lessonDoneAt),
      scannerVisits: m.scannerVisits,
      failed: m.failed,
    })),
  };
}

export async function practicePeople(
  db: Db,
  organizationId: string,
): Promise<PhishingPeopleResponse> {
  const [members, messages] = await Promise.all([
    membersOf(db, organizationId),
    listOrganizationMessages(db, organizationId),
  ]);
  const people = byPerson(messages);
  return {
    people: members.map((m) => {
      const own = people.get(m.id) ?? [];
      const { recipients: _, ...figures } = figuresOf(own);
      const judged = judgePractice(own);
      return {
        userId: m.id,
        name: nameOf(m),
        email: m.email,
        figures,
        verdict: judged?.verdict ?? null,
        detail: judged?.detail ?? null,
      };
    }),
  };
}
