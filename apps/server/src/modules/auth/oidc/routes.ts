import {
  authProvidersResponse,
  type SignInError,
  signInProviderParams,
  signInStartQuery,
} from '@castellan/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { NotFoundError } from '../../../lib/errors';
import { startSession } from '../../../plugins/session';
import { identityFromClaims, SignInRefused, signInWithIdentity } from '../sign-in';
import { savePendingLogin, takePendingLogin } from './login-store';
import { type OidcProviders, PROVIDER_NAMES } from './providers';

/** Ties the provider's answer to the browser that started the sign-in (against login CSRF). */
const STATE_COOKIE = 'castellan_oidc_state';
const signInLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

// Providers add their own parameters to the callback (scope, authuser, session_state, …).
const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

const refuse = (reply: FastifyReply, reason: SignInError) =>
  reply.clearCookie(STATE_COOKIE, { path: '/api/auth' }).redirect(`/?signInError=${reason}`);

/** Sign-in with Google and Microsoft: OpenID Connect authorization code flow with PKCE. */
export const oidcRoutes =
  (config: Config, db: Db, providers: OidcProviders): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/providers',
      { schema: { response: { 200: authProvidersResponse } } },
      async () => ({
        providers: providers.available.map((id) => ({ id, name: PROVIDER_NAMES[id] })),
      }),
    );

    app.get(
      '/auth/:provider/login',
      {
        config: signInLimit,
        schema: { params: signInProviderParams, querystring: signInStartQuery },
      },
      async (request, reply) => {
        const { provider } = request.params;
        if (!providers.available.includes(provider)) {
          throw new NotFoundError(`Sign-in with ${PROVIDER_NAMES[provider]} is not set up here.`);
        }
        const oidc = await providers.configuration(provider);
        const state = client.randomState();
        const nonce = client.randomNonce();
        const codeVerifier = client.randomPKCECodeVerifier();
        await savePendingLogin(db, state, {
          provider,
          codeVerifier,
          nonce,
          returnTo: request.query.returnTo ?? null,
        });
        const url = client.buildAuthorizationUrl(oidc, {
          redirect_uri: providers.redirectUri(provider),
          scope: 'openid email profile',
          response_type: 'code',
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        });
        reply.setCookie(STATE_COOKIE, state, {
          path: '/api/auth',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.publicUrl.startsWith('https:'),
          maxAge: 600,
        });
        return reply.redirect(url.href);
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
          return refuse(reply, error === 'access_denied' ? 'cancelled' : 'failed');
        }
        const pending = state ? await takePendingLogin(db, state) : null;
        if (
          !state ||
          !pending ||
          pending.provider !== provider ||
          request.cookies[STATE_COOKIE] !== state
        ) {
          return refuse(reply, 'expired');
        }
        try {
          const oidc = await providers.configuration(provider);
          const callbackUrl = new URL(request.url, config.publicUrl);
          const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
            pkceCodeVerifier: pending.codeVerifier,
            expectedState: state,
            expectedNonce: pending.nonce,
            idTokenExpected: true,
          });
          const identity = identityFromClaims(provider, tokens.claims() ?? {});
          const user = await signInWithIdentity(db, identity);
          await startSession(request, reply, config, db, user);
          request.log.info(
            { userId: user.id, provider, created: user.createdOrganization },
            'signed in',
          );
          reply.clearCookie(STATE_COOKIE, { path: '/api/auth' });
          return reply.redirect(pending.returnTo ?? '/');
        } catch (err) {
          if (err instanceof SignInRefused) {
            request.log.info({ provider, reason: err.reason }, 'sign-in refused');
            return refuse(reply, err.reason);
          }
          request.log.error({ err, provider }, 'sign-in failed');
          return refuse(reply, 'failed');
        }
      },
    );
  };
