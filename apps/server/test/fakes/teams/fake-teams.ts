// A local Microsoft Teams for tests: the triggers of two Power Automate workflows (the channel's,
// and one that posts to the person in `recipient`) and a legacy Incoming Webhook connector, on
// their real paths, answering as integrations-reference-2 §6 says (202 empty; the connector's 200
// `1`, or 200 with a failure text), plus test controls: methods on the returned object, and the
// same over HTTP under /__fake/ (control-api.ts).
import type { Answer } from '../kit/answers';
import { type FakeRequest, fakeServer, type LoggedRequest as KitLogged } from '../kit/fake-server';
import { type FailureOptions, forcedFailures } from '../kit/forced-failures';
import { controlApi } from './control-api';
import { type FlowRun, runFlow } from './flow-run';
import {
  connectorBadPayload,
  connectorFailure,
  missingApiVersion,
  serverError,
  signatureRefused,
  workflowFailure,
  workflowNotFound,
} from './teams-errors';
import { buildWorld, type FakeTeamsWorld, type TeamsWorldSeed, triggerAddress } from './world';

export type LoggedRequest = KitLogged & {
  /** The query without its signature (`sig` is the address's secret). */
  query: Record<string, string>;
};

/** A message a workflow or the connector took, and what its run did with it. */
export type FakePost = FlowRun & { via: 'channel' | 'direct' | 'connector'; at: number };

export type FakeTeamsOptions = TeamsWorldSeed & { port?: number; latencyMs?: number };

/** The addresses an administrator would paste. */
export type FakeTeamsAddresses = { channel: string; direct: string; connector: string };

export type FakeTeams = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  addresses: FakeTeamsAddresses;
  /** Every request but the /__fake/ ones, oldest first. */
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** What was posted, oldest first, delivered or not. */
  posts(): FakePost[];
  clearPosts(): void;
  /** The workflow (or connector) is deleted: its address answers 404 from now on. */
  remove(which: keyof FakeTeamsAddresses): void;
  /**
   * The next requests whose path starts with `pathPrefix` fail with `status`: a workflow answers
   * it in the Logic Apps envelope (429 with Retry-After), the connector 200 with its failure text.
   */
  failNext(
    pathPrefix: string,
    status: number,
    options?: FailureOptions & { retryAfterSeconds?: number },
  ): void;
  setLatencyMs(ms: number): void;
  /** Back to the start: the same addresses, nothing posted, no switches, an empty log. */
  reset(): void;
  close(): Promise<void>;
};

/** Logic Apps' trigger path, and Power Platform's newer form of it. */
const TRIGGER =
  /^(?:\/powerautomate\/automations\/direct)?\/workflows\/([^/]+)\/triggers\/manual\/paths\/invoke$/;
const API_VERSIONS = new Set(['2016-06-01', '2016-10-01', '1']);

/** The connector's older card format, which it takes as well (the workflows do not). */
function isMessageCard(body: string): boolean {
  try {
    return (JSON.parse(body) as { '@type'?: unknown } | null)?.['@type'] === 'MessageCard';
  } catch {
    return false;
  }
}

export async function startFakeTeams(options: FakeTeamsOptions = {}): Promise<FakeTeams> {
  const world: FakeTeamsWorld = buildWorld(options);
  const initial = structuredClone({ ...world, people: [...world.people] });
  const failures = forcedFailures<{ status: number; retryAfterSeconds?: number }>();
  let posts: FakePost[] = [];
  const { listen, ...traffic } = fakeServer<LoggedRequest>(options);

  function trigger(id: string, method: string, url: URL, body: string): Answer {
    const q = url.searchParams;
    if (!q.get('api-version')) return missingApiVersion();
    if (!API_VERSIONS.has(q.get('api-version') ?? '')) {
      return {
        status: 400,
        body: {
          error: {
            code: 'InvalidApiVersionParameter',
            message: `The api-version '${q.get('api-version')}' is invalid. The supported versions are '2016-10-01,2016-06-01'.`,
          },
        },
      };
    }
    const workflow = [world.channel, world.direct].find((w) => w.id === id);
    if (!workflow || workflow.removed) return workflowNotFound(id);
    const sig = q.get('sig');
    if (!sig) return signatureRefused(false);
    if (sig !== workflow.sig || q.get('sp') !== '/triggers/manual/run' || q.get('sv') !== '1.0') {
      return signatureRefused(true);
    }
    if (method !== 'POST') {
      return {
        status: 400,
        body: {
          error: {
            code: 'TriggerRequestMethodNotValid',
            message: `The HTTP method for this request is not valid: expected 'Post' and actual '${method}'.`,
          },
        },
      };
    }
    posts.push({
      ...runFlow(workflow.kind, body, world.people),
      via: workflow.kind,
      at: Date.now(),
    });
    return { status: 202, body: '' };
  }

  function connector(method: string, path: string, body: string): Answer {
    if (world.connector.removed || path !== world.connector.path) return { status: 404, body: '' };
    if (method !== 'POST') return { status: 405, body: '' };
    const run = runFlow('channel', body, world.people);
    if (isMessageCard(body)) {
      posts.push({ ...run, delivered: true, failure: null, via: 'connector', at: Date.now() });
      return { status: 200, body: '1' };
    }
    if (run.failure?.startsWith('InvalidTemplate')) return connectorBadPayload();
    if (run.failure?.startsWith('RequestEntityTooLarge')) return connectorFailure(413);
    posts.push({ ...run, via: 'connector', at: Date.now() });
    return run.delivered ? { status: 200, body: '1' } : connectorBadPayload();
  }

  function answer({ req, url, body }: FakeRequest): Answer {
    const method = req.method ?? 'GET';
    const isConnector = url.pathname.startsWith('/webhookb2/');
    const forced = failures.take(url.pathname);
    if (forced) {
      return isConnector
        ? connectorFailure(forced.status)
        : workflowFailure(forced.status, forced.retryAfterSeconds);
    }
    if (isConnector) return connector(method, url.pathname, body);
    const id = TRIGGER.exec(url.pathname)?.[1];
    if (id) return trigger(id, method, url, body);
    return workflowNotFound(url.pathname);
  }

  const fake = {
    ...traffic,
    posts: () => structuredClone(posts),
    clearPosts: () => {
      posts = [];
    },
    remove(which: keyof FakeTeamsAddresses) {
      world[which].removed = true;
    },
    failNext: (
      prefix: string,
      status: number,
      o: FailureOptions & { retryAfterSeconds?: number } = {},
    ) => failures.add(prefix, { status, ...o }, o),
    reset() {
      world.channel = structuredClone(initial.channel);
      world.direct = structuredClone(initial.direct);
      world.connector = structuredClone(initial.connector);
      world.people = new Set(initial.people);
      posts = [];
      failures.clear();
      traffic.clearRequests();
      traffic.setLatencyMs(options.latencyMs ?? 0);
    },
  };

  const listening = await listen(options.port, {
    control: controlApi(fake, () => addresses),
    logEntry: (request, logged) => {
      const query = Object.fromEntries(request.url.searchParams);
      delete query.sig;
      return { ...logged, query };
    },
    answer,
    crash: (err) => {
      console.error('fake Teams:', err);
      return serverError();
    },
  });
  const addresses: FakeTeamsAddresses = {
    channel: triggerAddress(listening.url, world.channel),
    direct: triggerAddress(listening.url, world.direct),
    connector: `${listening.url}${world.connector.path}`,
  };
  return { ...fake, ...listening, addresses };
}
