import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BadRequestError, HttpError } from '../../lib/errors';
import { parseStripeEvent, receiveStripeEvent } from './service';
import { verifyStripeSignature } from './webhook-signature';

/** Stripe's events can outgrow the API's 64 KB (an invoice with many lines). */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * `POST /api/stripe/webhook`, outside the contract: Stripe's own event format, signed over the
 * exact bytes it sent. This plugin (encapsulated: nothing else sees it) reads JSON bodies as the
 * raw text, which the signature is checked against before anything is parsed.
 */
export const stripeWebhookRoutes =
  (config: Config, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/stripe/webhook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
        schema: { hide: true, body: z.string() },
      },
      async (request) => {
        const secret = config.stripe?.webhookSecret;
        if (!secret) {
          throw new HttpError(
            503,
            'Stripe webhooks are not set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).',
          );
        }
        const header = request.headers['stripe-signature'];
        const verdict = verifyStripeSignature({
          payload: request.body,
          header: typeof header === 'string' ? header : undefined,
          secret,
          nowMs: Date.now(),
        });
        if (!verdict.ok) {
          request.log.warn({ reason: verdict.error }, 'Stripe webhook refused');
          throw new BadRequestError(verdict.error);
        }
        const event = parseStripeEvent(request.body);
        const outcome = await receiveStripeEvent(db, event);
        request.log.info({ event: event.id, type: event.type, outcome }, 'Stripe event received');
        return { received: true };
      },
    );
  };
