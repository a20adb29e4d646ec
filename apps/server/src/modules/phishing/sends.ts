// The minute's work of phishing practice: the messages whose time has come are recorded and
// queued through the product's own mail, and messages left alone long enough count as ignored.
import { PHISHING_IGNORED_AFTER_HOURS, type PhishingTemplateId } from '@castellan/contract';
import type { MailContext } from '../mail/context';
import { addressOf } from '../mail/mailer';
import { insertMessage } from '../mail/repository';
import { judgePracticeOf } from './judge';
import { type Member, membersOf } from './members';
import {
  PRACTICE_HEADER,
  practiceMessageId,
  practiceUrl,
  renderPracticeMail,
} from './practice-mail';
import { reportAddressOf } from './report-address';
import {
  attachMail,
  dueMessages,
  findCampaignTemplate,
  findSettings,
  markIgnored,
  setTokenHash,
} from './repository';
import { practiceTemplate } from './templates';
import { newPracticeToken } from './tokens';

/** Messages one run takes at most; the next minute's run takes the rest. */
const BATCH = 200;

/**
 * Sends the practice messages due by `now`, each once whatever the number of processes: a taken
 * row stays locked until its mail is recorded, and the mail is queued once that is committed.
 * A person no longer a member is not sent theirs.
 */
export async function sendDuePracticeMessages(ctx: MailContext, now = new Date()) {
  const { config } = ctx;
  const mailDomain = addressOf(config.mail.from).split('@')[1] ?? config.productDomain;
  const recorded = await ctx.db.transaction(async (tx) => {
    const due = await dueMessages(tx, now, BATCH);
    const ids: string[] = [];
    const campaigns = new Map<string, Awaited<ReturnType<typeof findCampaignTemplate>>>();
    const members = new Map<string, Map<string, Member>>();
    const memberOf = async (organizationId: string, userId: string | null) => {
      if (!members.has(organizationId)) {
        const list = await membersOf(tx, organizationId);
        members.set(organizationId, new Map(list.map((m) => [m.id, m])));
      }
      return userId ? members.get(organizationId)?.get(userId) : undefined;
    };
    for (const message of due) {
      if (!campaigns.has(message.campaignId)) {
        campaigns.set(message.campaignId, await findCampaignTemplate(tx, message.campaignId));
      }
      const campaign = campaigns.get(message.campaignId);
      const member = await memberOf(message.organizationId, message.userId);
      if (!campaign || !member) {
        await attachMail(tx, message.id, null, 'the person is no longer a member');
        continue;
      }
      if (!config.mail.enabled) {
        await attachMail(tx, message.id, null, 'e-mail is off on this server');
        continue;
      }
      const { token, hash } = newPracticeToken();
      await setTokenHash(tx, message.id, hash);
      const template = practiceTemplate(
        campaign.templateId as PhishingTemplateId,
        campaign.domain,
        now,
      );
      const settings = await findSettings(tx, message.organizationId);
      const report = settings ? reportAddressOf(config, settings.reportKey) : null;
      const mailId = await insertMessage(tx, {
        organizationId: message.organizationId,
        userId: member.id,
        kind: 'phishing_practice',
        recipient: member.email,
        dedupeKey: `phishing_practice:${message.id}`,
        fromName: template.fromName,
        headers: {
          [PRACTICE_HEADER]: message.campaignId,
          'Message-ID': practiceMessageId(message.id, mailDomain),
          ...(report ? { 'Reply-To': report } : {}),
        },
        ...renderPracticeMail(template, practiceUrl(config.publicUrl, token)),
      });
      await attachMail(tx, message.id, mailId, 'it was recorded already');
      if (mailId) ids.push(mailId);
    }
    return { ids, taken: due.length };
  });
  for (const id of recorded.ids) await ctx.queue.send(id);
  return { sent: recorded.ids.length, taken: recorded.taken };
}

/** Marks the messages left alone for PHISHING_IGNORED_AFTER_HOURS as ignored and judges again. */
export async function settleIgnoredMessages(ctx: Pick<MailContext, 'db'>, now = new Date()) {
  const before = new Date(now.getTime() - PHISHING_IGNORED_AFTER_HOURS * 3_600_000);
  const organizations = await markIgnored(ctx.db, before, now);
  for (const organizationId of organizations) await judgePracticeOf(ctx.db, organizationId);
  return { organizations: organizations.length };
}
