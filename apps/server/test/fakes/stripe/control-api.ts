// The fake's test controls over HTTP, for browser tests that run it in another process:
//   GET    /__fake/customers            the customers created so far
//   GET    /__fake/sessions             the portal sessions created so far
//   POST   /__fake/webhooks/send        {type, customer, status, created?, tamper?: 'signature' | 'stale'}:
//                                       signs and delivers an event; answers {event, app: {status, body}}
//   POST   /__fake/webhooks/redeliver   {eventId?}: an event sent before (default the last
//                                       untampered one) again, as it was, newly signed
//   POST   /__fake/fail-next            {path, status, times?}: Stripe errors for the next requests
//   GET    /__fake/requests             the request log; DELETE clears it
//   POST   /__fake/latency              {ms}
//   POST   /__fake/reset                back to the start
import { type Answer, json } from '../answers';
import { commonControls, controlRouter, invalid, num, ok } from '../control-api-kit';
import type { FakeStripe } from './fake-stripe';
import type { Delivery } from './webhooks';

type Controls = Omit<FakeStripe, 'url' | 'close'>;

const delivered = (d: Delivery | null): Answer =>
  d ? json(200, { event: d.event, app: d.answer }) : json(404, { error: 'no such event was sent' });

export function controlApi(fake: Controls) {
  const sync = controlRouter({
    ...commonControls(fake),
    'GET /__fake/customers': () => json(200, { customers: fake.customers() }),
    'GET /__fake/sessions': () => json(200, { sessions: fake.sessions() }),
    'POST /__fake/fail-next': (b) => {
      const status = num(b.status);
      if (typeof b.path !== 'string' || status === null) {
        return invalid('path and status are required');
      }
      const times = num(b.times);
      fake.failNext(b.path, status, times === null ? {} : { times });
      return ok();
    },
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
