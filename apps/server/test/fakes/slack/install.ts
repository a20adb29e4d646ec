// The fake's OAuth v2 install (integrations-reference-2 §5.1): the authorize page (a consent form
// with the channel for `incoming-webhook`), and `oauth.v2.access`, which takes the client's id and
// secret by HTTP Basic (or form fields) and a one-time code. Error codes of oauth.v2.access beyond
// the envelope (`invalid_client_id`, `bad_client_secret`, `invalid_code`, `bad_redirect_uri`) and
// the `incoming_webhook` object of its answer are [MEM].
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Answer, html, json, redirect } from '../kit/answers';
import { clientCredentials } from '../kit/client-credentials';
import { buildConsentPage } from '../kit/consent-page';
import { escapeHtml, htmlPage } from '../kit/html-page';
import type { TokenStore } from './tokens';
import type { FakeWorkspace } from './world';

export type SlackApp = {
  id: string;
  secret: string;
  name: string;
  redirectUris: readonly string[];
};

/** A channel's incoming webhook, made by an install that chose that channel. */
export type Webhook = { path: string; teamId: string; channelId: string; channelName: string };

const CODE_LIFETIME_MS = 10 * 60_000;

type Pending = { appId: string; redirectUri: string; state: string | null; scopes: string[] };
type Code = Pending & { channelId: string | null; expiresAt: number; used: boolean };

const id = () => randomBytes(24).toString('base64url');
const slackError = (error: string) => json(200, { ok: false, error });

export function createInstall(
  apps: readonly SlackApp[],
  tokens: TokenStore,
  world: { workspace: () => FakeWorkspace; origin: () => string; botUserId: string },
) {
  const pending = new Map<string, Pending>();
  const codes = new Map<string, Code>();
  const webhooks = new Map<string, Webhook>();

  function errorPage(title: string, detail: string): Answer {
    return html(
      400,
      htmlPage(
        title,
        `<main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(detail)}</p></main>`,
      ),
    );
  }

  function authorize(q: URLSearchParams): Answer {
    const app = apps.find((a) => a.id === q.get('client_id'));
    if (!app) return errorPage('Invalid client_id parameter', 'No Slack app has this client id.');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!app.redirectUris.includes(redirectUri)) {
      return errorPage(
        'redirect_uri did not match any configured URIs',
        `Passed URI: ${redirectUri}`,
      );
    }
    const scopes = (q.get('scope') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (scopes.length === 0)
      return errorPage('Invalid permissions requested', 'No scope was asked for.');
    const request = id();
    pending.set(request, { appId: app.id, redirectUri, state: q.get('state'), scopes });
    const workspace = world.workspace();
    const channels = workspace.channels
      .map((c) => `<option value="${escapeHtml(c.id)}">#${escapeHtml(c.name)}</option>`)
      .join('');
    return html(
      200,
      buildConsentPage({
        title: `${app.name} is requesting permission to access the ${workspace.name} Slack workspace`,
        heading: `Install ${app.name} in ${workspace.name}`,
        appName: app.name,
        asks: ['', ` is requesting permission to access the ${workspace.name} Slack workspace.`],
        action: '/oauth/v2/authorize/confirm',
        hidden: { request },
        legend: 'What will it be able to do?',
        scopes: scopes.map((scope) => ({ value: scope, label: scope })),
        fieldsAfter: scopes.includes('incoming-webhook')
          ? `<label>Where should ${escapeHtml(app.name)} post? <select name="channel">${channels}</select></label>`
          : '',
        allow: { value: 'allow', label: 'Allow' },
      }),
    );
  }

  function confirm(form: URLSearchParams): Answer {
    const request = pending.get(form.get('request') ?? '');
    if (!request) return errorPage('Session expired', 'Start the install again from the app.');
    pending.delete(form.get('request') ?? '');
    const back = new URL(request.redirectUri);
    if (request.state !== null) back.searchParams.set('state', request.state);
    if (form.get('action') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      return redirect(back.toString());
    }
    const ticked = new Set(form.getAll('scope'));
    const scopes = request.scopes.filter((s) => ticked.has(s));
    const channel = world.workspace().channels.find((c) => c.id === form.get('channel'));
    const code = `${digitsOf(12)}.${digitsOf(13)}.${id().slice(0, 32)}`;
    codes.set(code, {
      ...request,
      scopes,
      channelId: scopes.includes('incoming-webhook') ? (channel?.id ?? null) : null,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      used: false,
    });
    back.searchParams.set('code', code);
    return redirect(back.toString());
  }

  function access(req: IncomingMessage, form: URLSearchParams): Answer {
    const client = clientCredentials(req, form);
    const app = apps.find((a) => a.id === client.id);
    if (!app) return slackError('invalid_client_id');
    if (client.secret !== app.secret) return slackError('bad_client_secret');
    const code = codes.get(form.get('code') ?? '');
    if (!code || code.appId !== app.id || code.used || code.expiresAt <= Date.now()) {
      return slackError('invalid_code');
    }
    if ((form.get('redirect_uri') ?? code.redirectUri) !== code.redirectUri) {
      return slackError('bad_redirect_uri');
    }
    code.used = true;
    const workspace = world.workspace();
    const issued = tokens.issue({
      teamId: workspace.id,
      scopes: code.scopes,
      botUserId: world.botUserId,
    });
    const channel = workspace.channels.find((c) => c.id === code.channelId);
    let incoming: Record<string, string> | undefined;
    if (channel) {
      const path = `/services/${workspace.id}/B${digitsOf(10)}/${id().slice(0, 24)}`;
      webhooks.set(path, {
        path,
        teamId: workspace.id,
        channelId: channel.id,
        channelName: channel.name,
      });
      incoming = {
        channel: `#${channel.name}`,
        channel_id: channel.id,
        configuration_url: `https://${workspace.domain}.slack.com/services/B0`,
        url: `${world.origin()}${path}`,
      };
    }
    return json(200, {
      ok: true,
      app_id: 'A0CASTELLAN',
      authed_user: { id: workspace.people[0]?.id ?? 'U0INSTALLER' },
      scope: code.scopes.join(','),
      token_type: 'bot',
      access_token: issued.token,
      bot_user_id: world.botUserId,
      team: { id: workspace.id, name: workspace.name },
      enterprise: null,
      is_enterprise_install: false,
      ...(incoming ? { incoming_webhook: incoming } : {}),
    });
  }

  return {
    authorize,
    confirm,
    access,
    webhook: (path: string) => webhooks.get(path),
    clear() {
      pending.clear();
      codes.clear();
      webhooks.clear();
    },
  };
}

function digitsOf(n: number) {
  return Array.from(randomBytes(n), (b) => String(b % 10)).join('');
}
