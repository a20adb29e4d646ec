// The fake's Teams world: the workflows an administrator made (the channel's, from the template
// "Send webhook alerts to a channel", and one that posts a card to the person in `recipient`), a
// legacy Incoming Webhook connector, and the people of the tenant a direct message can reach.
import { randomBytes, randomUUID } from 'node:crypto';

/** What a trigger address's flow does with the request (integrations-reference-2 §6.1, §6.3). */
export type FlowKind = 'channel' | 'direct';

export type FakeWorkflow = {
  /** The workflow's id in its address (`/workflows/<id>/triggers/manual/paths/invoke`). */
  id: string;
  kind: FlowKind;
  /** The SAS signature its address carries (`sig=`). */
  sig: string;
  /** Deleted: its address answers 404 WorkflowNotFound. */
  removed: boolean;
};

export type FakeConnector = {
  /** `/webhookb2/<group>@<tenant>/IncomingWebhook/<id>/<owner>`. */
  path: string;
  removed: boolean;
};

export type TeamsWorldSeed = {
  /** Who a direct-message workflow can post to; default two people of example.test. */
  people?: readonly string[];
};

export type FakeTeamsWorld = {
  channel: FakeWorkflow;
  direct: FakeWorkflow;
  connector: FakeConnector;
  /** Lower-case e-mails of the tenant's people. */
  people: Set<string>;
};

export const DEFAULT_PEOPLE = ['owner@example.test', 'user@example.test'];

/** A SAS signature's shape: 43 characters of base64url. */
const signature = () => randomBytes(32).toString('base64url');
const hex = () => randomUUID().replaceAll('-', '');

const workflow = (kind: FlowKind): FakeWorkflow => ({
  id: hex(),
  kind,
  sig: signature(),
  removed: false,
});

export function buildWorld(seed: TeamsWorldSeed = {}): FakeTeamsWorld {
  const tenant = randomUUID();
  return {
    channel: workflow('channel'),
    direct: workflow('direct'),
    connector: {
      path: `/webhookb2/${randomUUID()}@${tenant}/IncomingWebhook/${hex()}/${randomUUID()}`,
      removed: false,
    },
    people: new Set((seed.people ?? DEFAULT_PEOPLE).map((p) => p.toLowerCase())),
  };
}

/** Where a workflow's trigger is reached, as Teams shows it (the Logic Apps form of the address). */
export const triggerAddress = (origin: string, w: FakeWorkflow) =>
  `${origin}/workflows/${w.id}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${w.sig}`;
