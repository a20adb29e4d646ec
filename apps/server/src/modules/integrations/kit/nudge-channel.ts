import type { IntegrationRow } from './repository';
import type { SyncContext } from './sync-runner';
import type { OpenedTokens } from './tokens';

/**
 * What a nudge says, whatever carries it: a heading, a sentence, and the tasks it is about, each
 * linking to its own page. Channels render it their way (Slack blocks, an adaptive card, mail).
 */
export type NudgeCard = {
  /** Short: "2 security tasks are due soon" or "Overdue tasks at acme.example". */
  title: string;
  /** One plain sentence under the heading. */
  intro: string;
  tasks: readonly NudgeCardTask[];
  /** The page with everything (the person's tasks, or Company status for a summary). */
  moreUrl: string;
  moreLabel: string;
};

export type NudgeCardTask = {
  /** The task's id (`/tasks/<id>`), which a button press names back. */
  id: string;
  title: string;
  /** When it is due, in words: "due Thursday 3 December" or "overdue since 1 December". */
  due: string;
  /** Whose it is, in an administrator's summary; absent in a person's own nudge. */
  owner?: string;
  url: string;
  /**
   * Whether the person may answer from the message ("Done, check again", "Snooze a week"):
   * their own nudge, never a summary.
   */
  actions: boolean;
};

/** What a channel did with a message. */
export type NudgeDelivery =
  /** Handed over: `where` names it for Company status ("Slack", "Microsoft Teams"). */
  | { kind: 'sent'; where: string }
  /** The channel cannot reach this person (not found in the workspace, no direct messages): mail instead. */
  | { kind: 'unreachable'; reason: string };

export type NudgeSendInput = {
  ctx: SyncContext;
  /** The connected integration (its `facts` are the last sync's). */
  row: IntegrationRow;
  tokens: OpenedTokens;
  card: NudgeCard;
  signal: AbortSignal;
};

/**
 * A provider that carries nudges (Slack, Microsoft Teams): its adapter's `nudges`. Throwing a
 * ProviderError means "try again later" (rate limits, outages); the job retries with backoff. A
 * revoked grant is a ProviderError whose kind is `invalid_token`: the nudge goes by mail.
 */
export type NudgeChannel = {
  /** Sends one person their own nudge, as a direct message. */
  direct: (input: NudgeSendInput & { recipient: { email: string } }) => Promise<NudgeDelivery>;
  /** Posts the organisation's daily summary to the channel the administrator chose. */
  post: (input: NudgeSendInput) => Promise<NudgeDelivery>;
};
