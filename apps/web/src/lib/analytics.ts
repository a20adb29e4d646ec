import type { AnalyticsEvent, AppConfig } from '@castellan/contract';

/**
 * Page-view and page-leave events, sent only after the user allowed analytics: to a
 * PostHog-compatible host when one is configured, otherwise to our own API.
 */
let allowed = false;
let posthog: AppConfig['posthog'] = null;
let current: { path: string; since: number } | null = null;

const DISTINCT_ID_KEY = 'castellan.analyticsId';

export function configureAnalytics(config: AppConfig['posthog']): void {
  posthog = config;
}

export function setAnalyticsAllowed(value: boolean): void {
  allowed = value;
  if (!value) localStorage.removeItem(DISTINCT_ID_KEY);
}

function distinctId(): string {
  let id = localStorage.getItem(DISTINCT_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DISTINCT_ID_KEY, id);
  }
  return id;
}

function send(event: AnalyticsEvent): void {
  if (!allowed) return;
  const request = posthog
    ? {
        url: `${posthog.host.replace(/\/$/, '')}/capture/`,
        body: {
          api_key: posthog.key,
          event: event.type === 'page_view' ? '$pageview' : '$pageleave',
          distinct_id: distinctId(),
          timestamp: event.occurredAt,
          properties: {
            $current_url: window.location.origin + event.path,
            $pathname: event.path,
            duration_ms: event.durationMs,
          },
        },
      }
    : { url: '/api/analytics/events', body: { events: [event] } };
  // keepalive lets the page-leave event outlive the page.
  void fetch(request.url, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  }).catch(() => undefined);
}

/**
 * The path as analytics may keep it: a shared report's and a practice message's addresses are
 * their secrets, so they go.
 */
export const analyticsPath = (path: string) =>
  path.replace(/^\/(shared|practice)\/[^/]+/, '/$1/:token');

/** Call on every route change with the new path. */
export function trackNavigation(pathname: string): void {
  const path = analyticsPath(pathname);
  if (current?.path === path) return;
  trackLeave();
  current = { path, since: Date.now() };
  send({ type: 'page_view', path, occurredAt: new Date().toISOString() });
}

export function trackLeave(): void {
  if (!current) return;
  send({
    type: 'page_leave',
    path: current.path,
    occurredAt: new Date().toISOString(),
    durationMs: Date.now() - current.since,
  });
  current = null;
}
