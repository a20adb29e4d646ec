import { z } from 'zod';

/** What a sync keeps of the workspace: whom each member is in Slack, and the summary's channel. */
export const slackFacts = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  /** The channel the daily summary goes to; null when the install chose none. */
  channel: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Lower-case e-mail of a member → their Slack user id and time zone. */
  people: z.record(z.string(), z.object({ id: z.string(), tz: z.string().nullable() })),
  /** Members Slack has no active person for. */
  notFound: z.number().int().min(0),
});
export type SlackFacts = z.infer<typeof slackFacts>;

/** The facts of a row, or null before the first sync (or of another shape). */
export function slackFactsOf(facts: unknown): SlackFacts | null {
  const parsed = slackFacts.safeParse(facts);
  return parsed.success ? parsed.data : null;
}

/** The member's e-mail a Slack user id stands for in these facts, or null. */
export function emailOfSlackUser(facts: SlackFacts, userId: string): string | null {
  const found = Object.entries(facts.people).find(([, person]) => person.id === userId);
  return found ? found[0] : null;
}
