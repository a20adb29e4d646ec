import { PROVIDERS } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONNECT_ROUTE, connectFlow } from '../kit/connect-flow';
import type { IntegrationsContext } from '../kit/context';
import { recordGrant } from '../kit/grants';
import { microsoftClientConfig } from './client-config';
import {
  exchangeMicrosoftCode,
  GraphApi,
  MicrosoftApiError,
  type MicrosoftGrant,
  microsoftAuthorizeUrl,
  missingM365Scopes,
} from './index';
import { organizationTenant, readTenantIdentity } from './tenant-identity';

/** Whose grants the connect flow records (Microsoft offers no revocation by API). */
const GRANTS = { id: 'm365' } as const;

const BACK = {
  done: '/integrations?m365=true',
  /** A tenant not the organisation's, an unverified domain, or a callback this admin did not start. */
  refused: (reason: 'tenant' | 'domain' | 'state') => `/integrations?refused=m365-${reason}`,
};

const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/** Microsoft's errors meaning the account could not give the permissions (not a cancel). */
const CONSENT_ERRORS = new Set(['consent_required', 'invalid_scope', 'unauthorized_client']);

/**
 * Connecting Microsoft 365 (spec §7: the browser goes to /api/microsoft/integration): the
 * authorization-code flow with PKCE against the Microsoft identity platform, asking an
 * administrator to consent for the organisation to read-only Graph permissions. The callback binds
 * the grant to the organisation: the tenant must be the one its people sign in from (when known)
 * and must have verified the organisation's domain; otherwise nothing is kept.
 */
export const microsoftConnectRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const flows = connectFlow(ctx.config, ctx.box, {
      cookie: 'castellan_m365_connect',
      path: '/api/microsoft',
    });
    const back = flows.finish;
    const boundTenant = (organizationId: string) => organizationTenant(ctx.db, organizationId);

    app.get(
      PROVIDERS.m365.connect.start,
      { config: CONNECT_ROUTE, schema: { hide: true }, onRequest: app.loadUser },
      async (request, reply) => {
        const session = request.session;
        if (!session) return reply.redirect('/?login=true');
        const microsoft = microsoftClientConfig(ctx.config);
        if (session.user.role !== 'admin' || !microsoft) return reply.redirect(BACK.done);
        const { state, codeChallenge } = flows.start(request, reply, session);
        const tenant = (await boundTenant(session.organization.id)) ?? 'organizations';
        return reply.redirect(
          microsoftAuthorizeUrl(microsoft, {
            tenant,
            state,
            codeChallenge,
            loginHint: session.user.email,
          }),
        );
      },
    );

    app.get(
      PROVIDERS.m365.connect.callback,
      {
        config: CONNECT_ROUTE,
        schema: { hide: true, querystring: callbackQuery },
        onRequest: app.loadUser,
      },
      async (request, reply) => {
        const session = request.session;
        const microsoft = microsoftClientConfig(ctx.config);
        const { code, state, error } = request.query;
        const flow = flows.open(request, state);
        if (!microsoft) return back(request, reply, BACK.done);
        if (!session || !flow) return back(request, reply, BACK.refused('state'));
        if (error || !code) {
          request.log.info({ error }, 'Microsoft 365 connect cancelled or refused');
          if (error && CONSENT_ERRORS.has(error)) {
            await recordGrant(ctx, session, GRANTS, NO_GRANT, false);
          }
          return back(request, reply, BACK.done);
        }
        const bound = await boundTenant(session.organization.id);
        const tenant = bound ?? 'organizations';
        let grant: MicrosoftGrant;
        let identity: { tenantId: string; verifiedDomains: string[] };
        try {
          grant = await exchangeMicrosoftCode(microsoft, { tenant, code, verifier: flow.verifier });
          if (missingM365Scopes(grant.scopes).length > 0) {
            await recordGrant(ctx, session, GRANTS, grant, false);
            return back(request, reply, BACK.done);
          }
          identity = await readTenantIdentity(new GraphApi(microsoft, tenant, grant));
        } catch (err) {
          request.log.warn({ err }, 'Microsoft 365 connect failed');
          if (err instanceof MicrosoftApiError && err.kind === 'permission_missing') {
            await recordGrant(ctx, session, GRANTS, NO_GRANT, false);
          }
          return back(request, reply, BACK.done);
        }
        if (bound && bound !== identity.tenantId) {
          request.log.warn(
            { integration: 'm365' },
            'Microsoft 365 tenant is not the organisation’s',
          );
          return back(request, reply, BACK.refused('tenant'));
        }
        if (!identity.verifiedDomains.includes(session.organization.domain.toLowerCase())) {
          request.log.warn(
            { integration: 'm365' },
            'Microsoft 365 tenant has not verified the domain',
          );
          return back(request, reply, BACK.refused('domain'));
        }
        await recordGrant(ctx, session, GRANTS, { ...grant, accountId: identity.tenantId }, true);
        request.log.info({ integration: 'm365' }, 'Microsoft 365 connected');
        return back(request, reply, BACK.done);
      },
    );
  };

/** A refusal with nothing to keep: no token was given. */
const NO_GRANT = { accessToken: '', refreshToken: null, expiresAt: null, scopes: [] };
