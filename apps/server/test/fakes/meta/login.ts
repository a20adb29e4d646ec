// The fake's Facebook Login (integrations-reference §3.1): the dialog, the code exchange, the
// long-lived exchange and debug_token. Error codes of the token endpoint beyond the envelope are
// from memory ([MEM]): 101 unknown app, 1 wrong secret, 100 with subcodes 36007–36009 for codes.
import { randomBytes } from 'node:crypto';
import { type Answer, html, json, redirect } from '../kit/answers';
import { invalidParameter, metaError, unknownToken } from './graph-errors';
import { dialogErrorPage, loginDialogPage } from './login-dialog-page';
import { LONG_LIVED_S, proofOf, SHORT_LIVED_S, type TokenStore, tokenOfRequest } from './tokens';
import type { FakeBusiness, FakePerson } from './world';

const CODE_LIFETIME_MS = 10 * 60_000;
const DATA_ACCESS_S = 90 * 86_400;
/** Facebook grants these without asking (reference §3.2). */
const AUTOMATIC = ['public_profile'];

type Pending = { appId: string; redirectUri: string; state: string | null; scopes: string[] };
type Code = Pending & { expiresAt: number; used: boolean };

const id = () => randomBytes(24).toString('base64url');

export function createLogin(
  tokens: TokenStore,
  world: { person: () => FakePerson; businesses: () => FakeBusiness[] },
) {
  const pending = new Map<string, Pending>();
  const codes = new Map<string, Code>();

  function dialog(version: string, q: URLSearchParams): Answer {
    const app = tokens.app(q.get('client_id'));
    if (!app) {
      return html(
        400,
        dialogErrorPage('Invalid App ID', 'The provided app ID does not look like a valid app ID.'),
      );
    }
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!app.redirectUris.includes(redirectUri)) {
      return html(
        400,
        dialogErrorPage(
          'URL Blocked',
          "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings. Make sure Client and Web OAuth Login are on and add all your app domains as Valid OAuth Redirect URIs.",
        ),
      );
    }
    const responseType = q.get('response_type') ?? 'code';
    if (responseType !== 'code') {
      return html(400, dialogErrorPage('Unsupported', 'The fake only answers response_type=code.'));
    }
    const scopes = (q.get('scope') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const request = id();
    pending.set(request, { appId: app.id, redirectUri, state: q.get('state'), scopes });
    return html(
      200,
      loginDialogPage({
        action: `/${version}/dialog/oauth/confirm`,
        request,
        appName: app.name ?? app.id,
        personName: world.person().name,
        permissions: scopes,
      }),
    );
  }

  function confirm(form: URLSearchParams): Answer {
    const request = pending.get(form.get('request') ?? '');
    if (!request) {
      return html(400, dialogErrorPage('Session expired', 'Start the login again from the app.'));
    }
    pending.delete(form.get('request') ?? '');
    const back = new URL(request.redirectUri);
    if (form.get('action') !== 'continue') {
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'Permissions error');
      if (request.state !== null) back.searchParams.set('state', request.state);
      return redirect(back.toString());
    }
    const ticked = new Set(form.getAll('scope'));
    const code = id();
    codes.set(code, {
      ...request,
      scopes: [...AUTOMATIC, ...request.scopes.filter((s) => ticked.has(s))],
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      used: false,
    });
    back.searchParams.set('code', code);
    if (request.state !== null) back.searchParams.set('state', request.state);
    back.hash = '_=_';
    return redirect(back.toString());
  }

  const tokenAnswer = (token: string, lifetimeS: number) =>
    json(200, { access_token: token, token_type: 'bearer', expires_in: lifetimeS });

  function accessToken(q: URLSearchParams): Answer {
    const app = tokens.app(q.get('client_id'));
    if (!app) {
      return metaError({
        message: 'Error validating application. Invalid application ID.',
        code: 101,
      });
    }
    if (q.get('client_secret') !== app.secret) {
      return metaError({ message: 'Error validating client secret.', code: 1 }, 400);
    }
    const userId = world.person().id;
    if (q.get('grant_type') === 'fb_exchange_token') {
      const shortLived = tokens.get(q.get('fb_exchange_token') ?? '');
      const problem = tokens.problem(shortLived);
      if (problem || !shortLived) return problem ?? unknownToken();
      if (shortLived.appId !== app.id) return unknownToken();
      const issued = tokens.issue({
        appId: app.id,
        userId,
        scopes: shortLived.scopes,
        lifetimeS: LONG_LIVED_S,
      });
      return tokenAnswer(issued.token, LONG_LIVED_S);
    }
    const value = q.get('code');
    if (!value) return invalidParameter('Missing authorization code');
    const code = codes.get(value);
    if (!code || code.appId !== app.id)
      return invalidParameter('Invalid verification code format.');
    if (code.used) return invalidParameter('This authorization code has been used.', 36009);
    if (code.expiresAt <= Date.now()) {
      return invalidParameter('This authorization code has expired.', 36007);
    }
    if (q.get('redirect_uri') !== code.redirectUri) {
      return invalidParameter(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        36008,
      );
    }
    code.used = true;
    const issued = tokens.issue({
      appId: app.id,
      userId,
      scopes: code.scopes,
      lifetimeS: SHORT_LIVED_S,
    });
    return tokenAnswer(issued.token, SHORT_LIVED_S);
  }

  function debugToken(q: URLSearchParams, authorization?: string): Answer {
    const appToken = tokenOfRequest(q, authorization) ?? '';
    const [appId, secret] = appToken.split('|');
    const app = tokens.app(appId ?? null);
    if (!app || secret !== app.secret) {
      return metaError({ message: 'Invalid OAuth access token signature.', code: 190 });
    }
    const proof = q.get('appsecret_proof');
    if (proof !== null && proof !== proofOf(app.secret, appToken)) {
      return invalidParameter('Invalid appsecret_proof provided in the API argument');
    }
    const input = q.get('input_token');
    if (!input) return invalidParameter('(#100) The parameter input_token is required');
    const issued = tokens.get(input);
    if (!issued) {
      return json(200, {
        data: {
          error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
          is_valid: false,
          scopes: [],
        },
      });
    }
    const problem = tokens.problem(issued);
    const problemError = (problem?.body as { error?: Record<string, unknown> } | undefined)?.error;
    const scopes = [...issued.scopes];
    const seconds = (ms: number) => Math.floor(ms / 1000);
    return json(200, {
      data: {
        app_id: issued.appId,
        type: 'USER',
        application: app.name ?? app.id,
        data_access_expires_at: seconds(issued.issuedAt) + DATA_ACCESS_S,
        ...(problemError
          ? {
              error: {
                code: problemError.code,
                message: problemError.message,
                subcode: problemError.error_subcode,
              },
            }
          : {}),
        expires_at: seconds(issued.expiresAt),
        is_valid: problem === null,
        ...(issued.longLived ? { issued_at: seconds(issued.issuedAt) } : {}),
        scopes,
        granular_scopes: scopes
          .filter((s) => s === 'business_management')
          .map((scope) => ({ scope, target_ids: world.businesses().map((b) => b.id) })),
        user_id: issued.userId,
      },
    });
  }

  return {
    dialog,
    confirm,
    accessToken,
    debugToken,
    clear() {
      pending.clear();
      codes.clear();
    },
  };
}
