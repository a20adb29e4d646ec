import {
  endpoints,
  type SignInError,
  safeReturnPath,
  signInProviderParams,
  signInStartQuery,
} from '@castellan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { BadRequestError, NotFoundError } from '../../../lib/errors';
import { cookieName, secureCookies } from '../../sessions/cookie-policy';
import { startSession } from '../../sessions/plugin';
import { route } from '../../sessions/route';
import { SignInRefused } from '../sign-in';
import { type OidcProviders, PROVIDER_NAMES } from './providers';
import { beginSignIn, finishSignIn } from './sign-in-flow';

/**
 * Ties the provider's answer to the browser that started the sign-in (against login CSRF).
 * Its path is narrower than `/`, so in production it takes the `__Secure-` prefix, not `__Host-`.
 */
const STATE_COOKIE = 'castellan_oidc_state';
const STATE_COOKIE_PATH = '/api/auth';
const signInLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

// Providers add their own parameters to the callback (scope, authuser, session_state, …).
const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/** Sign-in with Google and Microsoft: OpenID Connect authorization code flow with PKCE. */
export const oidcRoutes =
  (config: Config, db: Db, providers: OidcProviders): FastifyPluginAsyncZod =>
  async (app) => {
    const stateCookie = cookieName(config, STATE_COOKIE, '__Secure-');
    const stateCookieAttributes = (request: FastifyRequest) => ({
      path: STATE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: secureCookies(config, request),
    });
    const clearStateCookie = (request: FastifyRequest, reply: FastifyReply) =>
      reply.clearCookie(stateCookie, stateCookieAttributes(request));
    const refuse = (request: FastifyRequest, reply: FastifyReply, reason: SignInError) =>
      clearStateCookie(request, reply).redirect(`/?signInError=${reason}`);

    route(app, endpoints.getAuthProviders, async () => ({
      providers: providers.available.map((id) => ({ id, name: PROVIDER_NAMES[id] })),
    }));

    // The browser's way in and out of sign-in (redirects, not JSON): outside `endpoints`.

    app.get(
      '/auth/:provider/login',
      {
        config: signInLimit,
        schema: { params: signInProviderParams, querystring: signInStartQuery },
      },
      async (request, reply) => {
        const { provider } = request.params;
        const { returnTo } = request.query;
        const returnPath =
          returnTo === undefined ? null : safeReturnPath(returnTo, config.publicUrl);
        if (returnTo !== undefined && returnPath === null) {
          throw new BadRequestError('query.returnTo: must be a path of this site');
        }
        if (!providers.available.includes(provider)) {
          throw new NotFoundError(`Sign-in with ${PROVIDER_NAMES[provider]} is not set up here.`);
        }
        const { url, state } = await beginSignIn(db, providers, provider, returnPath);
        reply.setCookie(stateCookie, state, { ...stateCookieAttributes(request), maxAge: 600 });
        return reply.redirect(url);
      },
    );

    app.get(
      '/auth/:provider/callback',
      {
        config: signInLimit,
        // The provider's redirect target, not a call for API clients: not in the API document.
        schema: { hide: true, params: signInProviderParams, querystring: callbackQuery },
      },
      async (request, reply) => {
        const { provider } = request.params;
        const { state, error } = request.query;
        if (error) {
          request.log.warn({ provider, error }, 'the identity provider refused the sign-in');
          return refuse(request, reply, error === 'access_denied' ? 'cancelled' : 'failed');
        }
        try {
          const { user, returnTo } = await finishSignIn(db, providers, {
            provider,
            state,
            browserState: request.cookies[stateCookie],
            url: new URL(request.url, config.publicUrl),
          });
          await startSession(request, reply, config, db, user);
          request.log.info(
            { userId: user.id, provider, created: user.createdOrganization },
            'signed in',
          );
          clearStateCookie(request, reply);
          // Checked at the start already; checked again for logins started before that rule.
          return reply.redirect(safeReturnPath(returnTo ?? '/', config.publicUrl) ?? '/');
        } catch (err) {
          if (err instanceof SignInRefused) {
            request.log.info({ provider, reason: err.reason }, 'sign-in refused');
            return refuse(request, reply, err.reason);
          }
          // Not the error object itself: its cause may hold the callback's parameters (code, state).
          const { name, message, stack } = err instanceof Error ? err : new Error(String(err));
          request.log.error({ err: { type: name, message, stack }, provider }, 'sign-in failed');
          return refuse(request, reply, 'failed');
        }
      },
    );
  };
