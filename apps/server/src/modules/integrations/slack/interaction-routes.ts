import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServiceUnavailableError, UnauthorizedError } from '../../../lib/errors';
import type { IntegrationsContext } from '../kit/context';
import { answerButtonPress } from './button-press';
import { slackClientConfig } from './client-config';
import { replyToPress } from './press-reply';
import { verifySlackSignature } from './signature';

/** Slack posts a few KB (the message's blocks come back with every press). */
const BODY_LIMIT_BYTES = 256 * 1024;

const blockActions = z.object({
  type: z.literal('block_actions'),
  team: z.object({ id: z.string().min(1) }),
  user: z.object({ id: z.string().min(1) }),
  response_url: z.string().optional(),
  message: z.object({ blocks: z.array(z.record(z.string(), z.unknown())).optional() }).optional(),
  actions: z
    .array(
      z.object({
        action_id: z.string(),
        block_id: z.string().optional(),
        value: z.string().max(512).optional(),
      }),
    )
    .min(1),
});

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * `POST /api/integrations/slack/interactions`, outside the contract and without a session: the
 * Slack app's Interactivity request URL. Slack signs the exact form it posts (`payload=<json>`),
 * which is checked before anything is read; a press is acknowledged with an empty 200 (Slack
 * waits 3 s), and the message is then replaced through the press's `response_url`.
 */
export const slackInteractionRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/integrations/slack/interactions',
      {
        bodyLimit: BODY_LIMIT_BYTES,
        // Signed by Slack: a forged form changes nothing (see plugins/origin-check.ts).
        config: { formBody: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: { hide: true, body: z.string() },
      },
      async (request, reply) => {
        const slack = slackClientConfig(ctx.config);
        if (!slack) throw new ServiceUnavailableError('Slack is not set up on this server.');
        const verdict = verifySlackSignature({
          rawBody: request.body,
          timestamp: header(request.headers['x-slack-request-timestamp']),
          signature: header(request.headers['x-slack-signature']),
          secret: slack.signingSecret,
          nowMs: Date.now(),
        });
        if (!verdict.ok) {
          request.log.warn({ reason: verdict.error }, 'Slack interaction refused');
          throw new UnauthorizedError(verdict.error);
        }
        let payload: unknown;
        try {
          payload = JSON.parse(new URLSearchParams(request.body).get('payload') ?? '');
        } catch {
          payload = null;
        }
        const parsed = blockActions.safeParse(payload);
        // Other interactions (shortcuts, a modal) are not Castellan's: acknowledged, ignored.
        if (!parsed.success) return reply.code(200).send();
        const press = parsed.data;
        const [action] = press.actions;
        const taskId = action?.value ?? '';
        const outcome = await answerButtonPress(ctx, {
          teamId: press.team.id,
          userId: press.user.id,
          actionId: action?.action_id ?? '',
          taskId,
        });
        request.log.info({ integration: 'slack', outcome: outcome.kind }, 'Slack button pressed');
        if (press.response_url) {
          void replyToPress(slack, press.response_url, {
            outcome,
            taskId,
            blocks: press.message?.blocks ?? null,
          }).catch((err: unknown) => request.log.warn({ err }, 'Slack reply not posted'));
        }
        return reply.code(200).send();
      },
    );
  };
