// A reply to a practice message, or a report of it, sent to the organisation's report address.
// The message it concerns is found by its link's token (quoted or forwarded) or by its Message-ID
// (a reply's In-Reply-To); it counts as reported when it came from the person it was sent to.
import type { MailContext } from '../mail/context';
import { queueMessage } from '../mail/queue-message';
import { renderMail } from '../mail/templates/render';
import { judgePracticeOf } from './judge';
import { findReportedMessages, markMessage } from './repository';
import { companyNameOf } from './templates';
import { hashToken } from './tokens';

const TOKEN = /\/practice\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;
const MESSAGE_ID = /practice\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/gi;

/** The raw message and what lies encoded in it: quoted-printable text and base64 parts. */
function readableParts(raw: string): string[] {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const quotedPrintable = unfolded
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-Fa-f]{2})+/g, (run) =>
      Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
    );
  const base64 = [...raw.matchAll(/(?:^|\r?\n\r?\n)((?:[A-Za-z0-9+/=]{16,}\r?\n)+)/g)].map((m) =>
    Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [unfolded, quotedPrintable, ...base64];
}

/** What a received message refers to: practice links' tokens and practice Message-IDs. */
export function practiceReferences(raw: string): { tokens: string[]; messageIds: string[] } {
  const tokens = new Set<string>();
  const messageIds = new Set<string>();
  for (const part of readableParts(raw)) {
    for (const m of part.matchAll(TOKEN)) if (m[1]) tokens.add(m[1]);
    for (const m of part.matchAll(MESSAGE_ID)) if (m[1]) messageIds.add(m[1].toLowerCase());
  }
  return { tokens: [...tokens], messageIds: [...messageIds] };
}

/**
 * Records the practice messages a received message reports, for the organisation the report
 * address belongs to; each person who reported is thanked once by e-mail. `senders` are the
 * envelope's and the From header's addresses.
 */
export async function recordReport(
  ctx: Pick<MailContext, 'db' | 'config' | 'queue'>,
  organization: { id: string; domain: string },
  senders: readonly string[],
  raw: string,
  now = new Date(),
): Promise<{ reported: number }> {
  const { tokens, messageIds } = practiceReferences(raw);
  if (tokens.length === 0 && messageIds.length === 0) return { reported: 0 };
  const from = new Set(senders.map((s) => s.trim().toLowerCase()));
  const found = await findReportedMessages(
    ctx.db,
    organization.id,
    messageIds,
    tokens.map(hashToken),
  );
  const theirs = found.filter((m) => from.has(m.recipient.toLowerCase()));
  for (const message of theirs) {
    if (message.reportedAt) continue;
    await markMessage(ctx.db, message.id, { reportedAt: now });
    await queueMessage(ctx, {
      organizationId: organization.id,
      userId: message.userId,
      kind: 'phishing_thanks',
      recipient: message.recipient,
      dedupeKey: `phishing_thanks:${message.id}`,
      headers: {},
      mail: thanksMail(companyNameOf(organization.domain)),
    });
  }
  if (theirs.length > 0) await judgePracticeOf(ctx.db, organization.id);
  return { reported: theirs.length };
}

const thanksMail = (organization: string) =>
  renderMail({
    subject: 'Well spotted: that was a practice message',
    title: 'Thank you for reporting it',
    blocks: [
      {
        type: 'paragraph',
        text: `The message you reported was a harmless practice message sent by ${organization}'s IT. Reporting it was exactly the right thing to do.`,
      },
      {
        type: 'paragraph',
        text: 'Keep doing the same with any message that makes you unsure: a report costs nothing, and it lets your IT contact warn everyone else in time.',
      },
    ],
    footer: { text: `You get this because you reported a practice message of ${organization}.` },
  });
