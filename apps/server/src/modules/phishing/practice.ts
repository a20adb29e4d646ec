// The practice page, reached by a message's own link without signing in: what the page shows, and
// what the person did there. Only moments are recorded, never anything typed.
import type { PhishingTemplateId, PracticeResponse } from '@castellan/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { addressOf } from '../mail/mailer';
import { judgePracticeOf } from './judge';
import { reportAddressOf } from './report-address';
import { countScannerVisit, findMessageByToken, findSettings, markMessage } from './repository';
import { isScannerVisit } from './scanner-visits';
import { companyNameOf, practiceTemplate } from './templates';
import { hashToken } from './tokens';

type Found = NonNullable<Awaited<ReturnType<typeof findMessageByToken>>>;

async function find(db: Db, token: string): Promise<Found> {
  const found = await findMessageByToken(db, hashToken(token));
  if (!found) throw new NotFoundError('This practice link is not valid (any more).');
  return found;
}

const stateOf = (m: Found): PracticeResponse['state'] => ({
  clicked: m.clickedAt !== null || m.submittedAt !== null,
  submitted: m.submittedAt !== null,
  reported: m.reportedAt !== null,
  lessonDone: m.lessonDoneAt !== null,
});

export async function practicePage(
  db: Db,
  config: Config,
  token: string,
): Promise<PracticeResponse> {
  const found = await find(db, token);
  const template = practiceTemplate(
    found.templateId as PhishingTemplateId,
    found.domain,
    found.sentAt ?? found.sendAt,
  );
  const settings = await findSettings(db, found.organizationId);
  return {
    organizationName: companyNameOf(found.domain),
    templateId: template.id,
    message: {
      fromName: template.fromName,
      fromAddress: addressOf(config.mail.from),
      subject: template.subject,
      body: [
        ...template.body,
        { text: template.linkText, tell: template.linkTell },
        ...template.closing,
      ],
      linkText: template.linkText,
    },
    lure: template.lure,
    tells: template.tells,
    nextTime: template.nextTime,
    reportAddress: settings ? reportAddressOf(config, settings.reportKey) : null,
    state: stateOf(found),
  };
}

export type Visit = { userAgent: string | undefined; now?: Date };

/**
 * The page's script says it was opened (or typed into): a click (or submission) unless the visit
 * is a mail scanner's (scanner-visits.ts), which is only counted as such.
 */
export async function recordVisit(
  db: Db,
  config: Config,
  token: string,
  kind: 'open' | 'submitted',
  visit: Visit,
): Promise<{ counted: boolean; state: PracticeResponse['state'] }> {
  const found = await find(db, token);
  const now = visit.now ?? new Date();
  if (isScannerVisit(visit.userAgent, found.sentAt, now, config.phishing.scannerSeconds)) {
    await countScannerVisit(db, found.id);
    return { counted: false, state: stateOf(found) };
  }
  await markMessage(
    db,
    found.id,
    kind === 'open' ? { clickedAt: now } : { clickedAt: now, submittedAt: now },
  );
  await judgePracticeOf(db, found.organizationId);
  return { counted: true, state: stateOf(await find(db, token)) };
}

/** The lesson was read to the end: it counts toward the person's phishing task. */
export async function finishLesson(db: Db, token: string, now = new Date()) {
  const found = await find(db, token);
  await markMessage(db, found.id, { lessonDoneAt: now });
  await judgePracticeOf(db, found.organizationId);
  return { state: stateOf(await find(db, token)) };
}
