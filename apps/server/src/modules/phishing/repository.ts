import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  mailMessages,
  organizations,
  phishingCampaigns,
  phishingMessages,
  phishingSettings,
  users,
} from '../../db/schema';
import { sentBefore } from '../mail/repository';

/** Phishing practice's rows; always by organisation, except the token and report-key lookups. */

export async function findSettings(db: Db, organizationId: string) {
  const [row] = await db
    .select()
    .from(phishingSettings)
    .where(eq(phishingSettings.organizationId, organizationId));
  return row ?? null;
}

/** Records the consent once; a second confirmation keeps the first. */
export async function insertConsent(
  db: Db,
  values: typeof phishingSettings.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(phishingSettings)
    .values(values)
    .onConflictDoNothing({ target: phishingSettings.organizationId })
    .returning({ id: phishingSettings.organizationId });
  return rows.length > 0;
}

export async function findOrganizationByReportKey(db: Db, reportKey: string) {
  const [row] = await db
    .select({ organizationId: phishingSettings.organizationId })
    .from(phishingSettings)
    .where(eq(phishingSettings.reportKey, reportKey));
  return row?.organizationId ?? null;
}

export async function insertCampaign(
  db: Db,
  campaign: typeof phishingCampaigns.$inferInsert,
  messages: Omit<typeof phishingMessages.$inferInsert, 'campaignId'>[],
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(phishingCampaigns)
      .values(campaign)
      .returning({ id: phishingCampaigns.id });
    if (!row) throw new Error('the campaign was not recorded');
    for (let i = 0; i < messages.length; i += 500) {
      await tx
        .insert(phishingMessages)
        .values(messages.slice(i, i + 500).map((m) => ({ ...m, campaignId: row.id })));
    }
    return row.id;
  });
}

/** A message's figures as one row: what happened, and when its mail was sent or why it failed. */
const messageColumns = {
  id: phishingMessages.id,
  organizationId: phishingMessages.organizationId,
  campaignId: phishingMessages.campaignId,
  userId: phishingMessages.userId,
  recipient: phishingMessages.recipient,
  sendAt: phishingMessages.sendAt,
  clickedAt: phishingMessages.clickedAt,
  submittedAt: phishingMessages.submittedAt,
  reportedAt: phishingMessages.reportedAt,
  lessonDoneAt: phishingMessages.lessonDoneAt,
  ignoredAt: phishingMessages.ignoredAt,
  scannerVisits: phishingMessages.scannerVisits,
  queued: sql<boolean>`${phishingMessages.mailMessageId} is not null`,
  mailStatus: mailMessages.status,
  sentAt: mailMessages.sentAt,
  failed: sql<
    string | null
  >`coalesce(${phishingMessages.failed}, case when ${mailMessages.status} = 'failed' then ${mailMessages.error} end)`,
};

export type MessageRow = {
  id: string;
  organizationId: string;
  campaignId: string;
  userId: string | null;
  recipient: string;
  sendAt: Date;
  clickedAt: Date | null;
  submittedAt: Date | null;
  reportedAt: Date | null;
  lessonDoneAt: Date | null;
  ignoredAt: Date | null;
  scannerVisits: number;
  queued: boolean;
  mailStatus: string | null;
  sentAt: Date | null;
  failed: string | null;
};

const selectMessages = (db: Db) =>
  db
    .select(messageColumns)
    .from(phishingMessages)
    .leftJoin(mailMessages, eq(mailMessages.id, phishingMessages.mailMessageId));

export const listOrganizationMessages = (db: Db, organizationId: string): Promise<MessageRow[]> =>
  selectMessages(db)
    .where(eq(phishingMessages.organizationId, organizationId))
    .orderBy(asc(phishingMessages.sendAt));

export const listCampaignMessages = (
  db: Db,
  organizationId: string,
  campaignId: string,
): Promise<MessageRow[]> =>
  selectMessages(db)
    .where(
      and(
        eq(phishingMessages.organizationId, organizationId),
        eq(phishingMessages.campaignId, campaignId),
      ),
    )
    .orderBy(asc(phishingMessages.sendAt));

export async function findMessageByToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      ...messageColumns,
      templateId: phishingCampaigns.templateId,
      createdAt: phishingCampaigns.createdAt,
      domain: organizations.domain,
    })
    .from(phishingMessages)
    .innerJoin(phishingCampaigns, eq(phishingCampaigns.id, phishingMessages.campaignId))
    .innerJoin(organizations, eq(organizations.id, phishingMessages.organizationId))
    .leftJoin(mailMessages, eq(mailMessages.id, phishingMessages.mailMessageId))
    .where(eq(phishingMessages.tokenHash, tokenHash));
  return row ?? null;
}

export const listCampaigns = (db: Db, organizationId: string) =>
  db
    .select({
      id: phishingCampaigns.id,
      templateId: phishingCampaigns.templateId,
      createdAt: phishingCampaigns.createdAt,
      windowStart: phishingCampaigns.windowStart,
      windowEnd: phishingCampaigns.windowEnd,
      createdBy: users.email,
    })
    .from(phishingCampaigns)
    .leftJoin(users, eq(users.id, phishingCampaigns.createdById))
    .where(eq(phishingCampaigns.organizationId, organizationId))
    .orderBy(desc(phishingCampaigns.createdAt));

export type CampaignRow = Awaited<ReturnType<typeof listCampaigns>>[number];

type Moment = 'clickedAt' | 'submittedAt' | 'reportedAt' | 'lessonDoneAt' | 'ignoredAt';

/** Sets a moment of a message unless it is set already; whether it was set now. */
export async function markMessage(
  db: Db,
  id: string,
  moments: Partial<Record<Moment, Date>>,
): Promise<void> {
  for (const [name, at] of Object.entries(moments) as [Moment, Date][]) {
    await db
      .update(phishingMessages)
      .set({ [name]: at })
      .where(and(eq(phishingMessages.id, id), isNull(phishingMessages[name])));
  }
}

export async function countScannerVisit(db: Db, id: string): Promise<void> {
  await db
    .update(phishingMessages)
    .set({ scannerVisits: sql`${phishingMessages.scannerVisits} + 1` })
    .where(eq(phishingMessages.id, id));
}

/**
 * Takes up to `limit` messages whose time has come and that no process took yet; each taken row
 * stays locked until the transaction that took it ends (`FOR UPDATE SKIP LOCKED`).
 */
export const dueMessages = (db: Db, now: Date, limit: number) =>
  db
    .select({
      id: phishingMessages.id,
      organizationId: phishingMessages.organizationId,
      campaignId: phishingMessages.campaignId,
      userId: phishingMessages.userId,
      recipient: phishingMessages.recipient,
      tokenHash: phishingMessages.tokenHash,
    })
    .from(phishingMessages)
    .where(
      and(
        lte(phishingMessages.sendAt, now),
        isNull(phishingMessages.mailMessageId),
        isNull(phishingMessages.failed),
      ),
    )
    .orderBy(asc(phishingMessages.sendAt))
    .limit(limit)
    .for('update', { skipLocked: true });

export async function attachMail(
  db: Db,
  id: string,
  mailMessageId: string | null,
  failed?: string,
) {
  await db
    .update(phishingMessages)
    .set(mailMessageId ? { mailMessageId } : { failed: failed ?? 'not sent' })
    .where(eq(phishingMessages.id, id));
}

/**
 * Messages delivered before `before` that nobody clicked or reported and that are not marked
 * ignored yet: marked now; the organisations they belong to.
 */
export async function markIgnored(db: Db, before: Date, now: Date): Promise<string[]> {
  const rows = await db
    .update(phishingMessages)
    .set({ ignoredAt: now })
    .where(
      and(
        inArray(phishingMessages.mailMessageId, sentBefore(db, 'phishing_practice', before)),
        isNull(phishingMessages.ignoredAt),
        isNull(phishingMessages.clickedAt),
        isNull(phishingMessages.submittedAt),
        isNull(phishingMessages.reportedAt),
      ),
    )
    .returning({ organizationId: phishingMessages.organizationId });
  return [...new Set(rows.map((r) => r.organizationId))];
}

export async function findCampaignTemplate(db: Db, campaignId: string) {
  const [row] = await db
    .select({ templateId: phishingCampaigns.templateId, domain: organizations.domain })
    .from(phishingCampaigns)
    .innerJoin(organizations, eq(organizations.id, phishingCampaigns.organizationId))
    .where(eq(phishingCampaigns.id, campaignId));
  return row ?? null;
}

/** The messages whose ids or token hashes a report names, of one organisation. */
export const findReportedMessages = (
  db: Db,
  organizationId: string,
  ids: readonly string[],
  tokenHashes: readonly string[],
) =>
  db
    .select({
      id: phishingMessages.id,
      userId: phishingMessages.userId,
      recipient: phishingMessages.recipient,
      reportedAt: phishingMessages.reportedAt,
    })
    .from(phishingMessages)
    .where(
      and(
        eq(phishingMessages.organizationId, organizationId),
        sql`(${ids.length > 0 ? inArray(phishingMessages.id, [...ids]) : sql`false`} or ${
          tokenHashes.length > 0
            ? inArray(phishingMessages.tokenHash, [...tokenHashes])
            : sql`false`
        })`,
      ),
    );

export async function setTokenHash(db: Db, id: string, tokenHash: string): Promise<void> {
  await db.update(phishingMessages).set({ tokenHash }).where(eq(phishingMessages.id, id));
}
