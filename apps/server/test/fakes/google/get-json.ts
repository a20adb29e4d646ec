/** A GET with a bearer token, for the fake's own tests: status, headers and parsed JSON. */
export async function getJson(base: string, path: string, accessToken?: string) {
  const res = await fetch(new URL(path, base), {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary Google JSON
  const body = (await res.json()) as any;
  return { status: res.status, headers: res.headers, body };
}
