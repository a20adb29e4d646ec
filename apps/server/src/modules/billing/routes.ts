import { type BillingProblem, endpoints } from '@castellan/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { appReturnUrl, billingOf, openCustomerPortal } from './service';
import { StripeApiError, type StripeClient, StripeUnavailableError } from './stripe-client';
import { billingSummaryOf } from './summary';

/** Each visit opens a Stripe session: enough for anyone clicking, not for a loop. */
const PORTAL_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Where the browser lands when the portal cannot open: Settings' Billing section says why. */
const settingsWith = (problem: BillingProblem) => `/settings?billing=${problem}#billing`;

/** What the Billing view shows when Stripe fails: no detail of Stripe's, nothing of the server's. */
export const SUMMARY_UNAVAILABLE =
  'Stripe, our payment provider, did not answer or refused the request, so the subscription cannot be shown just now. Nothing was changed. Please try again in a few minutes.';

const isStripeFailure = (err: unknown): err is StripeApiError | StripeUnavailableError =>
  err instanceof StripeApiError || err instanceof StripeUnavailableError;

/** Logs a Stripe failure for whoever runs the server; `what` is what could not be done. */
function logFailure(
  log: FastifyBaseLogger,
  err: StripeApiError | StripeUnavailableError,
  what: string,
) {
  if (err instanceof StripeUnavailableError) {
    log.warn({ reason: err.message }, `Stripe did not answer: ${what}`);
  } else if (err.misconfiguration) {
    log.error(
      err.logFields,
      'Stripe refused this server’s key: check STRIPE_SECRET_KEY and its permissions',
    );
  } else {
    log.warn(err.logFields, `Stripe refused: ${what}`);
  }
}

/**
 * Billing through Stripe's customer portal: Billing in the menu navigates to
 * /api/customer-portal, which answers 303 to the portal (or to Settings saying why not).
 */
export const billingRoutes =
  (config: Config, db: Db, stripe: StripeClient | null): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      endpoints.openCustomerPortal,
      { config: { ...PORTAL_LIMIT, changesState: true } },
      async (request, reply) => {
        const returnUrl = appReturnUrl(request.query.return_url, config.publicUrl);
        // As the app's navigation guard does for a page: sign in first; members have no billing.
        if (!request.session) return reply.redirect('/?login=true', 303);
        if (request.session.user.role !== 'admin') return reply.redirect('/dashboard', 303);
        if (!stripe) return reply.redirect(settingsWith('not-configured'), 303);
        const { organization } = request.session;
        try {
          const url = await openCustomerPortal(db, stripe, organization.id, returnUrl);
          return reply.redirect(url, 303);
        } catch (err) {
          if (!isStripeFailure(err)) throw err;
          logFailure(request.log, err, 'the customer portal was not opened');
          return reply.redirect(settingsWith('unavailable'), 303);
        }
      },
    );

    route(app, endpoints.getBilling, async (request) =>
      billingOf(db, stripe !== null, sessionOf(request).organization.id),
    );

    route(app, endpoints.getBillingSummary, async (request) => {
      try {
        return await billingSummaryOf(db, stripe, sessionOf(request).organization.id);
      } catch (err) {
        if (!isStripeFailure(err)) throw err;
        logFailure(request.log, err, 'the billing summary was not read');
        throw new HttpError(502, SUMMARY_UNAVAILABLE);
      }
    });
  };
