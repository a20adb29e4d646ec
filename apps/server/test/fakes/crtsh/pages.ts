// The fake crt.sh's HTML: its search page (any `output` but json), its own error page, and the
// front proxy's pages for 429 and 502. crt.sh publishes none of these; their wording and the
// statuses of its own error page are assumptions (integrations-reference-2 §9.7): clients must
// only rely on them not being JSON.
import { type Answer, html } from '../kit/answers';
import { escapeHtml } from '../kit/html-page';

/** What failNext makes the next searches answer (fake-crtsh.ts says how). */
export const CRTSH_FAILURES = ['rate-limited', 'bad-gateway', 'error-page', 'slow'] as const;
export type CrtshFailure = (typeof CRTSH_FAILURES)[number];

const crtshPage = (
  title: string,
  content: string,
) => `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">
<HTML>
<HEAD>
  <TITLE>${escapeHtml(title)}</TITLE>
  <META http-equiv="Content-Type" content="text/html; charset=UTF-8">
</HEAD>
<BODY>
  <A href="/"><SPAN class="title">crt.sh</SPAN></A>
  <SPAN class="whiteongrey">Certificate Search</SPAN>
  ${content}
</BODY>
</HTML>
`;

/** nginx's own page for a status, as a proxy in front of crt.sh would send it. */
const proxyPage = (status: number, reason: string): Answer =>
  html(
    status,
    `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  );

/** 429 without Retry-After (cisagov/admiral#16). */
export const tooManyRequests = () => proxyPage(429, 'Too Many Requests');

export const badGateway = () => proxyPage(502, 'Bad Gateway');

/** crt.sh's page for a search whose query failed or was cancelled, at HTTP 200 (assumed). */
export const errorPage = (message: string): Answer =>
  html(
    200,
    crtshPage(
      'crt.sh | ERROR!',
      `<BR><BR><SPAN class="error">Sorry, something went wrong... ${escapeHtml(message)}</SPAN>`,
    ),
  );

/** The search's result in HTML, for any `output` other than json: the fake draws no table. */
export const searchPage = (value: string, rows: number): Answer =>
  html(
    200,
    crtshPage(
      `crt.sh | ${value}`,
      `<BR><BR>${rows} certificate${rows === 1 ? '' : 's'} found for ${escapeHtml(value)} (add &amp;output=json for JSON).`,
    ),
  );

export const notFound = () => proxyPage(404, 'Not Found');
