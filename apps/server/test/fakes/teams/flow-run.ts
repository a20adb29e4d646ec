// What the workflow does with a request it took (202): the template's run posts each attachment's
// card, and fails, seen only in the run history, when the message is not what Teams can post
// (integrations-reference-2 §6.1: card errors and messages over 28 KB never reach the caller).

/** Teams' limit on a message. */
export const MAX_MESSAGE_BYTES = 28 * 1024;
/** The newest Adaptive Card version Teams renders. */
const NEWEST_VERSION = 1.5;

export type FlowRun = {
  /** The card the flow posted (or would have), as sent. */
  card: unknown;
  /** The request's `recipient` (the direct-message flow's); null when none. */
  recipient: string | null;
  /** Posted to Teams; false when the run failed. */
  delivered: boolean;
  /** Why the run failed, in the run history's words; null when it did not. */
  failure: string | null;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why the template's run cannot post this message; null when it can. */
function envelopeProblem(message: Record<string, unknown>, bytes: number): string | null {
  const { attachments } = message;
  if (!Array.isArray(attachments)) {
    return "ExpressionEvaluationFailed: the 'foreach' expression '@triggerBody()?['attachments']' is of type 'Null', not an array.";
  }
  if (message.type !== 'message') return "BadRequest: the request's type must be 'message'.";
  if (attachments.length !== 1)
    return `BadRequest: expected one attachment, got ${attachments.length}.`;
  const [attachment] = attachments;
  if (
    !isRecord(attachment) ||
    attachment.contentType !== 'application/vnd.microsoft.card.adaptive'
  ) {
    return 'BadRequest: the attachment is not an Adaptive Card (application/vnd.microsoft.card.adaptive).';
  }
  const content = attachment.content;
  if (!isRecord(content) || content.type !== 'AdaptiveCard' || !Array.isArray(content.body)) {
    return "BadRequest: the card's content must be an AdaptiveCard with a body.";
  }
  const version = Number(content.version);
  if (!(version > 0 && version <= NEWEST_VERSION)) {
    return `BadRequest: Adaptive Card version '${String(content.version)}' is not supported.`;
  }
  if (bytes > MAX_MESSAGE_BYTES) return 'RequestEntityTooLarge: the message is larger than 28 KB.';
  return null;
}

/** The run of a channel's or a direct-message workflow on this request body. */
export function runFlow(
  kind: 'channel' | 'direct',
  body: string,
  people: ReadonlySet<string>,
): FlowRun {
  let message: unknown = null;
  try {
    message = JSON.parse(body);
  } catch {
    // The trigger takes any body; the run then finds nothing to post.
  }
  const card =
    isRecord(message) && Array.isArray(message.attachments)
      ? ((message.attachments[0] as Record<string, unknown> | undefined)?.content ?? null)
      : null;
  const recipient =
    isRecord(message) && typeof message.recipient === 'string' ? message.recipient : null;
  const failed = (failure: string): FlowRun => ({ card, recipient, delivered: false, failure });
  if (!isRecord(message)) return failed('InvalidTemplate: the request body is not a JSON object.');
  const problem = envelopeProblem(message, Buffer.byteLength(body));
  if (problem) return failed(problem);
  if (kind === 'direct') {
    if (recipient === null)
      return failed(
        "BadRequest: the action's Recipient is empty (the request has no 'recipient').",
      );
    if (!people.has(recipient.toLowerCase())) {
      return failed(`NotFound: no user '${recipient}' in this organisation.`);
    }
  }
  return { card, recipient, delivered: true, failure: null };
}
