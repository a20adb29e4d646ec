// The fake's test controls over HTTP, for browser tests that run it in another process:
//   GET    /__fake/customers            the customers created so far
//   GET    /__fake/sessions             the portal sessions created so far
//   GET    /__fake/subscriptions        the subscriptions set up so far
//   POST   /__fake/subscriptions        {customer, plan, seats, unitAmount, currency?, status?,
//                                       interval?}: gives a customer a subscription
//   POST   /__fake/webhooks/send        {type, customer, status, created?, tamper?: 'signature' | 'stale'}:
//                                       signs and delivers an event; answers {event, app: {status, body}}
//   POST   /__fake/webhooks/redeliver   {eventId?}: an event sent before (default the last
//                                       untampered one) again, as it was, newly signed
//   POST   /__fake/fail-next            {path, status, times?, after?}: Stripe errors for the next requests
//   GET    /__fake/requests             the request log; DELETE clears it
//   POST   /__fake/latency              {ms}
//   POST   /__fake/reset                back to the start
import { type Answer, json } from '../kit/answers';
import {
  commonControls,
  controlRouter,
  failNextControl,
  invalid,
  num,
  ok,
} from '../kit/control-api';
import type { FakeStripe } from './fake-stripe';
import type { Delivery } from './webhooks';

type Controls = Omit<FakeStripe, 'url' | 'close'>;

/** `POST /__fake/subscriptions`: a 400 naming the field that is wrong. */
function addSubscription(fake: Controls, b: Record<string, unknown>): Answer {
  const { customer, plan, seats, unitAmount, currency, status, interval } = b;
  if (typeof customer !== 'string' || !fake.customers().some((c) => c.id === customer)) {
    return invalid('customer must be the id of a customer of this fake');
  }
  if (typeof plan !== 'string' || plan === '') return invalid('plan must be a name');
  if (!Number.isInteger(seats) || (seats as number) < 1) return invalid('seats must be 1 or more');
  if (!Number.isInteger(unitAmount) || (unitAmount as number) < 0) {
    return invalid('unitAmount must be a whole number of minor units');
  }
  if (currency !== undefined && (typeof currency !== 'string' || !/^[a-z]{3}$/i.test(currency))) {
    return invalid('currency must be a three-letter code');
  }
  if (status !== undefined && typeof status !== 'string') return invalid('status must be a string');
  if (interval !== undefined && interval !== 'month' && interval !== 'year') {
    return invalid("interval must be 'month' or 'year'");
  }
  return json(
    200,
    fake.addSubscription({
      customer,
      plan,
      seats: seats as number,
      unitAmount: unitAmount as number,
      ...(currency ? { currency } : {}),
      ...(status ? { status } : {}),
      ...(interval ? { interval } : {}),
    }),
  );
}

const delivered = (d: Delivery | null): Answer =>
  d ? json(200, { event: d.event, app: d.answer }) : json(404, { error: 'no such event was sent' });

export function controlApi(fake: Controls) {
  const sync = controlRouter({
    ...commonControls(fake),
    'GET /__fake/customers': () => json(200, { customers: fake.customers() }),
    'GET /__fake/sessions': () => json(200, { sessions: fake.sessions() }),
    'GET /__fake/subscriptions': () => json(200, { subscriptions: fake.subscriptions() }),
    'POST /__fake/subscriptions': (b) => addSubscription(fake, b),
    'POST /__fake/fail-next': failNextControl('status', fake.failNext),
    'POST /__fake/reset': () => {
      fake.reset();
      return ok();
    },
  });

  // Deliveries wait for the app's answer, so they are handled here rather than by the router.
  return async (method: string, url: URL, text: string): Promise<Answer> => {
    const route = `${method} ${url.pathname}`;
    if (route !== 'POST /__fake/webhooks/send' && route !== 'POST /__fake/webhooks/redeliver') {
      return sync(method, url, text);
    }
    let b: Record<string, unknown>;
    try {
      b = JSON.parse(text || '{}') as Record<string, unknown>;
    } catch {
      return invalid('the body must be JSON');
    }
    if (route === 'POST /__fake/webhooks/redeliver') {
      if (b.eventId !== undefined && typeof b.eventId !== 'string') {
        return invalid('eventId must be a string');
      }
      return delivered(await fake.redeliver(b.eventId));
    }
    const { type, customer, status, created, tamper } = b;
    if (typeof type !== 'string' || typeof customer !== 'string' || typeof status !== 'string') {
      return invalid('type, customer and status are required strings');
    }
    if (tamper !== undefined && tamper !== 'signature' && tamper !== 'stale') {
      return invalid("tamper must be 'signature' or 'stale'");
    }
    if (created !== undefined && num(created) === null)
      return invalid('created must be unix seconds');
    return delivered(
      await fake.sendWebhook({
        type,
        customer,
        status,
        ...(typeof created === 'number' ? { created } : {}),
        ...(tamper ? { tamper } : {}),
      }),
    );
  };
}
