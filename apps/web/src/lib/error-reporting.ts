import type { AppConfig, ClientError } from '@castellan/contract';

/** Reports uncaught errors: to a Sentry DSN when configured, else to our own API (logged there). */
const MAX_REPORTS_PER_PAGE = 10;
let sent = 0;
let sentryDsn: string | null = null;

export function startErrorReporting(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}

export function configureErrorReporting(config: Pick<AppConfig, 'sentryDsn'>): void {
  sentryDsn = config.sentryDsn;
}

export function reportError(error: unknown): void {
  console.error(error);
  if (sent >= MAX_REPORTS_PER_PAGE) return;
  sent += 1;
  const report: ClientError = {
    message:
      (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'Unknown error',
    stack: error instanceof Error && error.stack ? error.stack.slice(0, 8000) : undefined,
    url: window.location.href.slice(0, 2000),
    userAgent: navigator.userAgent.slice(0, 500),
  };
  const target = sentryDsn
    ? sentryRequest(sentryDsn, report)
    : { url: '/api/client-errors', body: JSON.stringify(report) };
  if (!target) return;
  void fetch(target.url, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': sentryDsn ? 'application/x-sentry-envelope' : 'application/json' },
    body: target.body,
  }).catch(() => undefined);
}

/** A Sentry envelope with one event, posted to the project's envelope endpoint. */
function sentryRequest(dsn: string, report: ClientError): { url: string; body: string } | null {
  const match = /^(https?):\/\/([^@]+)@([^/]+)\/(.+)$/.exec(dsn);
  if (!match) return null;
  const [, scheme, key, host, project] = match;
  const eventId = crypto.randomUUID().replaceAll('-', '');
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    request: { url: report.url, headers: { 'User-Agent': report.userAgent } },
    exception: { values: [{ type: 'Error', value: report.message }] },
    extra: { stack: report.stack },
  };
  const body = [
    JSON.stringify({ event_id: eventId, dsn, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
  return {
    url: `${scheme}://${host}/api/${project}/envelope/?sentry_key=${key}&sentry_version=7`,
    body,
  };
}
