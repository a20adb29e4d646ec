/**
 * Controls, whitespace and `\`: browsers drop tabs and newlines from URLs and read `\` as `/`,
 * so `/<tab>/evil.example` or `/\evil.example` would lead to another host.
 */
const UNSAFE = /[\p{Cc}\s\\]/u;

/**
 * Where to send the browser after sign-in, when `target` stays on the app: the path, query and
 * hash it resolves to against `appOrigin`; null when it would lead anywhere else. Shared by the
 * server (sign-in start) and the web app (the stored post-login redirect); free of zod.
 */
export function safeReturnPath(target: string, appOrigin: string): string | null {
  if (UNSAFE.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, appOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(appOrigin).origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/a/..//evil.example` normalises to `//evil.example`, which a browser reads as a host.
  return path.startsWith('//') ? null : path;
}
