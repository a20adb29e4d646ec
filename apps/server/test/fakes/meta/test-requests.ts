// Requests the fake's own tests and the client's tests make: a Graph GET with its
// appsecret_proof, and the login dialog driven without a browser.
import { TEST_CLIENT } from '../test-client';
import { proofOf } from './tokens';

/** A GET with the token as access_token and, unless `proof` says otherwise, its proof. */
export async function graphGet(
  base: string,
  path: string,
  token?: string,
  options: { proof?: string | null } = {},
) {
  const url = new URL(path, base);
  if (token) {
    url.searchParams.set('access_token', token);
    const proof = options.proof === undefined ? proofOf(TEST_CLIENT.secret, token) : options.proof;
    if (proof !== null) url.searchParams.set('appsecret_proof', proof);
  }
  const res = await fetch(url);
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary Graph JSON
  const body = (await res.json()) as any;
  return { status: res.status, body };
}

/**
 * Opens the login dialog at `dialogUrl` and presses Continue (with only `tick` ticked, default
 * all) or Cancel: the redirect's Location.
 */
export async function answerDialog(
  dialogUrl: string,
  choice: { action: 'continue' | 'cancel'; tick?: readonly string[] },
): Promise<URL> {
  const page = await fetch(dialogUrl);
  const text = await page.text();
  if (page.status !== 200) throw new Error(`dialog answered ${page.status}: ${text}`);
  const action = /<form method="post" action="([^"]+)"/.exec(text)?.[1];
  const request = /name="request" value="([^"]+)"/.exec(text)?.[1];
  if (!action || !request) throw new Error('no login form on the dialog page');
  const offered = [...text.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1] ?? '');
  const form = new URLSearchParams({ request, action: choice.action });
  for (const scope of choice.tick ?? offered) form.append('scope', scope);
  const res = await fetch(new URL(action, dialogUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`confirm answered ${res.status}`);
  return new URL(location);
}
