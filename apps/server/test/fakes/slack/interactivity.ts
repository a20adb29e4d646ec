// Button presses as Slack sends them to the app's Interactivity request URL
// (integrations-reference-2 §5.3): a form with one field `payload` (the block_actions JSON),
// signed `v0=<hex HMAC-SHA256 of "v0:<ts>:<body>">` with the app's signing secret. Each press
// carries a `response_url` on the fake's origin, which the app may POST to five times within 30
// minutes ([MEM]) to replace the message or answer the presser alone.
import { createHmac, randomBytes } from 'node:crypto';
import { type Answer, json } from '../kit/answers';
import { messageProblem } from './message-shape';
import type { PostedMessage } from './web-api';

/** How long ago a "stale" press was signed: well outside Slack's five minutes. */
export const STALE_SECONDS = 600;
const RESPONSE_URL_USES = 5;
const RESPONSE_URL_LIFETIME_MS = 30 * 60_000;

export type Tamper = 'signature' | 'stale';

/** What the app answered a press. */
export type PressAnswer = { status: number; body: string };

/** Sends one press: by default a POST to the app's interactions URL. */
export type DeliverPress = (request: {
  headers: Record<string, string>;
  body: string;
}) => Promise<PressAnswer>;

/** What the app posted to a press's response_url. */
export type ResponsePost = { at: number; body: Record<string, unknown> };

export type Press = {
  payload: Record<string, unknown>;
  answer: PressAnswer;
  /** What the app posted to the press's response_url (waited for up to 3 s after a 200). */
  responses: ResponsePost[];
};

export const signPress = (secret: string, timestamp: number, body: string) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`, 'utf8').digest('hex')}`;

/** The headers of a press's `body` signed with `secret`, or tampered with as asked. */
export function pressHeaders(secret: string, body: string, tamper?: Tamper) {
  const now = Math.floor(Date.now() / 1000);
  const timestamp = tamper === 'stale' ? now - STALE_SECONDS : now;
  const key = tamper === 'signature' ? `forged-${randomBytes(8).toString('hex')}` : secret;
  return {
    'content-type': 'application/x-www-form-urlencoded',
    'user-agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': signPress(key, timestamp, body),
  };
}

export function postPressTo(appUrl: string): DeliverPress {
  return async ({ headers, body }) => {
    const res = await fetch(`${appUrl}/api/integrations/slack/interactions`, {
      method: 'POST',
      headers,
      body,
    });
    return { status: res.status, body: await res.text() };
  };
}

type ResponseUrl = {
  message: PostedMessage;
  uses: number;
  expiresAt: number;
  posts: ResponsePost[];
};

export function createInteractivity(world: {
  origin: () => string;
  secret: () => string;
  deliver: () => DeliverPress;
  teamDomain: () => string;
}) {
  const responseUrls = new Map<string, ResponseUrl>();
  const waiting = new Map<string, () => void>();

  /** A press of the button `actionId` (with `value`, when given) of `message`, by `userId`. */
  async function press(
    message: PostedMessage,
    p: { actionId: string; value?: string; userId: string; tamper?: Tamper },
  ): Promise<Press> {
    const block = (message.blocks ?? []).find(
      (b): b is { block_id?: string; elements: Record<string, unknown>[] } =>
        typeof b === 'object' &&
        b !== null &&
        (b as { type?: unknown }).type === 'actions' &&
        Array.isArray((b as { elements?: unknown }).elements) &&
        (b as { elements: Record<string, unknown>[] }).elements.some(
          (e) => e.action_id === p.actionId && (p.value === undefined || e.value === p.value),
        ),
    );
    const button = block?.elements.find(
      (e) => e.action_id === p.actionId && (p.value === undefined || e.value === p.value),
    );
    if (!block || !button)
      throw new Error(`the message has no button ${p.actionId} ${p.value ?? ''}`);
    const path = `/actions/${message.teamId}/${Date.now()}/${randomBytes(12).toString('hex')}`;
    const entry: ResponseUrl = {
      message,
      uses: 0,
      expiresAt: Date.now() + RESPONSE_URL_LIFETIME_MS,
      posts: [],
    };
    responseUrls.set(path, entry);
    const actionTs = (Date.now() / 1000).toFixed(6);
    const payload = {
      type: 'block_actions',
      user: {
        id: p.userId,
        username: p.userId.toLowerCase(),
        name: p.userId.toLowerCase(),
        team_id: message.teamId,
      },
      api_app_id: 'A0CASTELLAN',
      token: 'legacy-verification-token',
      container: {
        type: 'message',
        message_ts: message.ts,
        channel_id: message.channel,
        is_ephemeral: false,
      },
      trigger_id: `${Date.now()}.${randomBytes(6).toString('hex')}`,
      team: { id: message.teamId, domain: world.teamDomain() },
      enterprise: null,
      is_enterprise_install: false,
      channel: { id: message.channel, name: 'directmessage' },
      message: { type: 'message', ts: message.ts, text: message.text, blocks: message.blocks },
      state: { values: {} },
      response_url: `${world.origin()}${path}`,
      actions: [
        {
          type: 'button',
          action_id: button.action_id,
          block_id: block.block_id,
          text: button.text,
          value: button.value,
          ...(button.style ? { style: button.style } : {}),
          action_ts: actionTs,
        },
      ],
    };
    const body = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
    const answered = new Promise<void>((resolve) => waiting.set(path, resolve));
    const answer = await world.deliver()({
      headers: pressHeaders(world.secret(), body, p.tamper),
      body,
    });
    if (answer.status === 200) {
      await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    }
    waiting.delete(path);
    return { payload, answer, responses: [...entry.posts] };
  }

  /** A POST to a response_url: `{ok: true}`, and the original message replaced when asked. */
  function respond(path: string, body: unknown): Answer {
    const entry = responseUrls.get(path);
    if (!entry || entry.expiresAt <= Date.now())
      return json(404, { ok: false, error: 'expired_url' });
    if (entry.uses >= RESPONSE_URL_USES) return json(404, { ok: false, error: 'used_url' });
    if (typeof body !== 'object' || body === null)
      return json(400, { ok: false, error: 'invalid_payload' });
    const fields = body as Record<string, unknown>;
    const problem = messageProblem(fields.text, fields.blocks);
    if (problem) return json(400, { ok: false, error: problem.error });
    entry.uses += 1;
    entry.posts.push({ at: Date.now(), body: fields });
    if (fields.replace_original === true) {
      entry.message.text = typeof fields.text === 'string' ? fields.text : entry.message.text;
      entry.message.blocks = Array.isArray(fields.blocks) ? fields.blocks : entry.message.blocks;
      entry.message.replaced = true;
    }
    waiting.get(path)?.();
    return json(200, { ok: true });
  }

  return {
    press,
    respond,
    isResponseUrl: (path: string) => path.startsWith('/actions/'),
    clear() {
      responseUrls.clear();
      waiting.clear();
    },
  };
}
