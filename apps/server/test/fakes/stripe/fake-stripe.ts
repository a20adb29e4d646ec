// A local Stripe for tests: `POST /v1/customers`, `POST /v1/billing_portal/sessions`,
// `GET /v1/subscriptions` and `POST /v1/invoices/create_preview` as the real API answers them
// (integrations-reference §4, Stripe's API reference for the last two), the hosted portal page a
// session's `url` leads to, and signed webhook deliveries to the app. Test controls: methods on the returned
// object, and the same over HTTP under /__fake/ (see control-api.ts).
import type { IncomingMessage } from 'node:http';
import { type Answer, html, json, send } from '../kit/answers';
import { fakeServer, type LoggedRequest as KitLoggedRequest } from '../kit/fake-server';
import { type FailureOptions, forcedFailures } from '../kit/forced-failures';
import { controlApi } from './control-api';
import { type FormValue, parseStripeForm } from './form';
import { portalPage, unknownSessionPage } from './portal-page';
import {
  failureFor,
  idempotencyMismatch,
  invalidApiKey,
  invalidParam,
  missingParam,
  noApiKey,
  noSuchCustomer,
  unrecognizedUrl,
} from './stripe-errors';
import { type FakeSubscription, fakeSubscriptions, type NewSubscription } from './subscriptions';
import {
  type Deliver,
  type Delivery,
  deliveryHeaders,
  postTo,
  randomId,
  subscriptionEvent,
  type Tamper,
} from './webhooks';

export const FAKE_SECRET_KEY = 'sk_test_castellan';
export const FAKE_WEBHOOK_SECRET = 'whsec_castellan_test';

export type FakeCustomer = {
  id: string;
  object: 'customer';
  created: number;
  name: string | null;
  email: string | null;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
  balance: number;
  currency: null;
  delinquent: false;
  default_source: null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null };
  phone: null;
  address: null;
  shipping: null;
  tax_exempt: 'none';
  preferred_locales: string[];
};

export type FakePortalSession = {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  customer_account: null;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
};

export type LoggedRequest = KitLoggedRequest & {
  params: Record<string, FormValue>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
};

export type SendWebhook = {
  type: string;
  customer: string;
  status: string;
  /** The event's `created` (unix s), default now: an older one stands for an event sent late. */
  created?: number;
  tamper?: Tamper;
};

export type FakeStripeOptions = {
  /** Default 0: any free port. */
  port?: number;
  /** The app the webhooks go to (its /api/stripe/webhook), unless `deliver` is given. */
  appUrl?: string;
  /** How a delivery reaches the app (tests in one process pass app.inject). */
  deliver?: Deliver;
  secretKey?: string;
  webhookSecret?: string;
};

export type FakeStripe = {
  url: string;
  /** Every request to the API and the portal pages, oldest first. */
  requests(): LoggedRequest[];
  clearRequests(): void;
  customers(): FakeCustomer[];
  sessions(): FakePortalSession[];
  /** Gives a customer a subscription (what a checkout would do); answers it as Stripe shows it. */
  addSubscription(input: NewSubscription): FakeSubscription;
  subscriptions(): FakeSubscription[];
  /** Signs (or forges, as asked) and delivers a subscription event: the event and the answer. */
  sendWebhook(input: SendWebhook): Promise<Delivery>;
  /**
   * Delivers an event sent before (the last one unless `eventId` says), as it was, with a fresh
   * signature: a Stripe retry. Null when there is no such event.
   */
  redeliver(eventId?: string): Promise<Delivery | null>;
  /** The next requests whose path starts with `pathPrefix` answer Stripe's error of `status`. */
  failNext(pathPrefix: string, status: number, options?: FailureOptions): void;
  setLatencyMs(ms: number): void;
  reset(): void;
  close(): Promise<void>;
};

/** The key of `Authorization: Bearer <key>`, or of Basic auth with the key as user (`curl -u sk_…:`). */
function apiKeyOf(authorization: string): string | null {
  const bearer = /^Bearer (.+)$/.exec(authorization)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic (.+)$/.exec(authorization)?.[1];
  return basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] || null : null;
}

type Stored = { path: string; params: string; answer: Answer };
const now = () => Math.floor(Date.now() / 1000);
const text = (v: FormValue | undefined) => (typeof v === 'string' ? v : null);
const isUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_WEBHOOK_SECRET;
  const deliver: Deliver =
    options.deliver ?? postTo((options.appUrl ?? 'http://127.0.0.1:3000').replace(/\/$/, ''));
  let origin = '';
  const { listen, ...traffic } = fakeServer<LoggedRequest>();
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, FakePortalSession>();
  const idempotent = new Map<string, Stored>();
  const plans = fakeSubscriptions(now);
  /** The subscription ids of webhook events for customers the tests gave none. */
  const eventSubscriptions = new Map<string, string>();
  const failures = forcedFailures<number>();
  /** The untampered events sent, by id, the last one last. */
  const sent = new Map<string, { event: Delivery['event']; payload: string }>();

  function createCustomer(params: Record<string, FormValue>): Answer {
    const metadata = params.metadata ?? {};
    if (typeof metadata !== 'object' || Array.isArray(metadata)) {
      return invalidParam('metadata', 'Invalid object');
    }
    const id = randomId('cus', 14);
    const customer: FakeCustomer = {
      id,
      object: 'customer',
      created: now(),
      name: text(params.name),
      email: text(params.email),
      description: text(params.description),
      metadata: Object.fromEntries(
        Object.entries(metadata).map(([k, v]) => [k, typeof v === 'string' ? v : '']),
      ),
      livemode: false,
      balance: 0,
      currency: null,
      delinquent: false,
      default_source: null,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
      phone: null,
      address: null,
      shipping: null,
      tax_exempt: 'none',
      preferred_locales: [],
    };
    customers.set(id, customer);
    return json(200, customer);
  }

  function createPortalSession(params: Record<string, FormValue>): Answer {
    const customer = text(params.customer);
    if (!customer) return missingParam('customer');
    if (!customers.has(customer)) return noSuchCustomer(customer);
    const returnUrl = text(params.return_url);
    if (returnUrl !== null && !isUrl(returnUrl))
      return invalidParam('return_url', 'Not a valid URL');
    const id = randomId('bps');
    const session: FakePortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_castellan_default',
      created: now(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: text(params.locale),
      on_behalf_of: null,
      return_url: returnUrl,
      url: `${origin}/p/session/test_${id.slice(4)}`,
    };
    sessions.set(session.url.split('/').pop() ?? '', session);
    return json(200, session);
  }

  function api(req: IncomingMessage, path: string, params: Record<string, FormValue>): Answer {
    const method = req.method ?? 'GET';
    const key = apiKeyOf(req.headers.authorization ?? '');
    if (!key) return noApiKey();
    if (key !== secretKey) return invalidApiKey(key);
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return createPortalSession(params);
    }
    const knownCustomer = (id: string) => customers.has(id);
    if (method === 'GET' && path === '/v1/subscriptions') return plans.list(params, knownCustomer);
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      return plans.preview(params, knownCustomer);
    }
    return unrecognizedUrl(method, path);
  }

  /** Stripe keeps an answer per key: the same request gets it again, another one an error. */
  function withIdempotency(
    key: string | null,
    path: string,
    params: Record<string, FormValue>,
    answer: () => Answer,
  ): Answer {
    if (!key) return answer();
    const canonical = JSON.stringify(params);
    const stored = idempotent.get(key);
    if (stored) {
      if (stored.path !== path || stored.params !== canonical) return idempotencyMismatch(key);
      return {
        ...stored.answer,
        headers: { ...stored.answer.headers, 'idempotent-replayed': 'true' },
      };
    }
    const fresh = answer();
    // Stripe does not keep answers to requests that failed validation or authentication.
    if (fresh.status < 400 || fresh.status >= 500) {
      idempotent.set(key, { path, params: canonical, answer: fresh });
    }
    return fresh;
  }

  async function deliverEvent(event: Delivery['event'], payload: string, tamper?: Tamper) {
    const answer = await deliver({
      headers: deliveryHeaders(webhookSecret, payload, tamper),
      body: payload,
    });
    return { event, payload, answer };
  }

  const fake: Omit<FakeStripe, 'url' | 'close'> = {
    ...traffic,
    customers: () => structuredClone([...customers.values()]),
    sessions: () => structuredClone([...sessions.values()]),
    addSubscription: (input) => plans.add(input),
    subscriptions: () => plans.all(),
    sendWebhook: async (input) => {
      let subscription = plans.idOf(input.customer) ?? eventSubscriptions.get(input.customer);
      if (!subscription) {
        subscription = randomId('sub', 14);
        eventSubscriptions.set(input.customer, subscription);
      }
      const event = subscriptionEvent({
        type: input.type,
        customer: input.customer,
        subscription,
        status: input.status,
        created: input.created ?? now(),
      });
      const payload = JSON.stringify(event, null, 2);
      if (!input.tamper) sent.set(event.id, { event, payload });
      return deliverEvent(event, payload, input.tamper);
    },
    redeliver: async (eventId) => {
      const earlier = eventId ? sent.get(eventId) : [...sent.values()].at(-1);
      return earlier ? deliverEvent(earlier.event, earlier.payload) : null;
    },
    failNext: (prefix, status, o) => failures.add(prefix, status, o),
    reset: () => {
      customers.clear();
      sessions.clear();
      idempotent.clear();
      plans.clear();
      eventSubscriptions.clear();
      failures.clear();
      traffic.clearRequests();
      traffic.setLatencyMs(0);
      sent.clear();
    },
  };
  const control = controlApi(fake);

  function route(req: IncomingMessage, url: URL, body: string, entry: LoggedRequest): Answer {
    const portal = /^\/p\/session\/([\w-]+)$/.exec(url.pathname);
    if (portal && req.method === 'GET') {
      const session = sessions.get(portal[1] ?? '');
      const customer = session && customers.get(session.customer);
      return session && customer
        ? html(200, portalPage(session, customer))
        : html(404, unknownSessionPage());
    }
    const failure = failures.take(url.pathname);
    if (failure !== null) return failureFor(failure);
    const type = req.headers['content-type'] ?? '';
    const params =
      req.method === 'GET' || !body
        ? parseStripeForm(url.search.slice(1))
        : type.startsWith('application/x-www-form-urlencoded')
          ? parseStripeForm(body)
          : null;
    if (!params) {
      return invalidParam(
        '',
        'Invalid request: send parameters as application/x-www-form-urlencoded',
      );
    }
    entry.params = params;
    return withIdempotency(entry.idempotencyKey, url.pathname, params, () =>
      api(req, url.pathname, params),
    );
  }

  const listening = await listen(options.port, {
    control,
    logEntry: ({ req }, logged) => {
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === 'string' ? v : null;
      };
      return {
        ...logged,
        params: {},
        idempotencyKey: header('idempotency-key'),
        stripeVersion: header('stripe-version'),
      };
    },
    answer: ({ req, url, body }, entry) => route(req, url, body, entry),
    send: (res, answer) =>
      send(res, { ...answer, headers: { 'request-id': randomId('req', 14), ...answer.headers } }),
    crash: (err) => {
      console.error('fake Stripe:', err);
      return failureFor(500);
    },
  });
  origin = listening.url;
  return { ...fake, ...listening };
}
