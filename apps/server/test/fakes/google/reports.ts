// Reports API: activities.list (login, drive) and customerUsageReports.get (Gmail spam counts),
// integrations-reference §1.5–1.7. Validation messages are this fake's own wording; the statuses
// (400) are Google's.
import { createHash } from 'node:crypto';
import { json } from '../kit/answers';
import { type ApiEndpoint, type ApiRequest, AUTH } from './api-endpoint';
import type { FieldSchema } from './fields';
import { badRequest } from './google-errors';
import { maxResultsOf, nextPageToken, tokenPage } from './page-token';
import { pacificDate } from './world';
import type { FakeActivity, FakeParameter } from './world-types';

const APPLICATIONS = new Set([
  'access_transparency',
  'admin',
  'calendar',
  'chat',
  'chrome',
  'context_aware_access',
  'drive',
  'gcp',
  'groups',
  'groups_enterprise',
  'login',
  'meet',
  'mobile',
  'rules',
  'saml',
  'token',
  'user_accounts',
]);

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const DAY = 86_400_000;

const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

const PARAMETER_SCHEMA: FieldSchema = {
  name: true,
  value: true,
  intValue: true,
  boolValue: true,
  multiValue: true,
  multiIntValue: true,
  messageValue: true,
  multiMessageValue: true,
};

/** A time parameter: its epoch ms, undefined when absent, null when not RFC 3339. */
function timeParam(value: string | null): number | null | undefined {
  if (value === null) return undefined;
  if (!RFC3339.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const parameterMatches = (p: FakeParameter | undefined, value: string) =>
  p !== undefined &&
  (p.value === value ||
    p.intValue === value ||
    String(p.boolValue) === value ||
    (p.multiValue ?? []).includes(value));

/** `filters=name==value,name<>value` (AND); null when the syntax is not that. */
function parseFilters(text: string) {
  if (!text) return [];
  const clauses = text.split(',').map((c) => /^([a-z_]+)(==|<>)(.*)$/.exec(c.trim()));
  if (clauses.some((c) => !c)) return null;
  return clauses.map((c) => {
    const [, name = '', op, value = ''] = c as RegExpExecArray;
    return (parameters: FakeParameter[]) => {
      const hit = parameterMatches(
        parameters.find((p) => p.name === name),
        value,
      );
      return op === '==' ? hit : !hit;
    };
  });
}

/**
 * The index of the newest activity at or before `iso` in a newest-first list (its times are
 * all `toISOString()` output, so they sort as strings).
 */
function firstAtOrBefore(activities: readonly FakeActivity[], iso: string): number {
  let low = 0;
  let high = activities.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((activities[mid] as FakeActivity).id.time > iso) low = mid + 1;
    else high = mid;
  }
  return low;
}

function listActivities({ query, params, world, now }: ApiRequest) {
  const userKey = params.userKey ?? '';
  const application = params.applicationName ?? '';
  if (!APPLICATIONS.has(application)) {
    return badRequest('admin', `Invalid value '${application}' for applicationName`, 'invalid');
  }
  const start = timeParam(query.get('startTime'));
  const end = timeParam(query.get('endTime'));
  if (start === null)
    return badRequest('admin', 'Invalid value for startTime', 'invalid', 'startTime');
  if (end === null) return badRequest('admin', 'Invalid value for endTime', 'invalid', 'endTime');
  if (start !== undefined && start > now.getTime()) {
    return badRequest('admin', 'Start time must not be in the future.', 'invalid', 'startTime');
  }
  if (end !== undefined && end > now.getTime()) {
    return badRequest('admin', 'End time must not be in the future.', 'invalid', 'endTime');
  }
  if (start !== undefined && end !== undefined && start >= end) {
    return badRequest('admin', 'Start time must be before end time.', 'invalid', 'startTime');
  }
  const size = maxResultsOf(query, 1000, 1000);
  if (typeof size !== 'number') return size;
  const filters = parseFilters(query.get('filters') ?? '');
  if (!filters) return badRequest('admin', 'Invalid value for filters', 'invalid', 'filters');

  const eventName = query.get('eventName');
  const actor = userKey === 'all' ? null : userKey.toLowerCase();
  const from = start ?? now.getTime() - 180 * DAY;
  const to = end ?? now.getTime();
  const all = world.activities[application] ?? [];
  const fromIso = new Date(from).toISOString();
  const toIso = new Date(to).toISOString();
  const matching: FakeActivity[] = [];
  for (let i = firstAtOrBefore(all, toIso); i < all.length; i += 1) {
    const activity = all[i] as FakeActivity;
    if (activity.id.time < fromIso) break;
    if (actor && activity.actor.email !== actor) continue;
    const events = activity.events.filter(
      (e) => (!eventName || e.name === eventName) && filters.every((f) => f(e.parameters)),
    );
    if (events.length === 0) continue;
    matching.push(events.length === activity.events.length ? activity : { ...activity, events });
  }
  const bound = ['eventName', 'startTime', 'endTime', 'filters', 'actorIpAddress'];
  const page = tokenPage(matching, query, size, bound);
  if (!page) return badRequest('admin', 'Invalid value for pageToken', 'invalid', 'pageToken');
  return json(200, {
    kind: 'admin#reports#activities',
    etag: etagOf(`activities:${application}:${page.offset}:${page.items.length}`),
    ...(page.items.length > 0 ? { items: page.items } : {}),
    ...nextPageToken(page),
  });
}

export const activitiesList: ApiEndpoint = {
  pattern:
    /^\/admin\/reports\/v1\/activity\/users\/(?<userKey>[^/]+)\/applications\/(?<applicationName>[^/]+)$/,
  api: 'reports',
  service: 'admin.googleapis.com',
  scopes: [`${AUTH}admin.reports.audit.readonly`],
  schema: {
    kind: true,
    etag: true,
    nextPageToken: true,
    items: {
      kind: true,
      etag: true,
      id: { time: true, uniqueQualifier: true, applicationName: true, customerId: true },
      actor: { email: true, profileId: true, callerType: true, key: true },
      ipAddress: true,
      ownerDomain: true,
      events: { type: true, name: true, parameters: PARAMETER_SCHEMA },
    },
  },
  handle: listActivities,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const GMAIL_PARAMETERS = {
  'gmail:num_inbound_spam_emails': 'spam',
  'gmail:num_emails_received': 'received',
} as const;

function usageReport({ query, params, world, now }: ApiRequest) {
  const date = params.date ?? '';
  if (!DATE.test(date) || Number.isNaN(Date.parse(date))) {
    return badRequest(
      'admin',
      `Invalid value '${date}'. Values must match the following regular expression: '(\\d){4}-(\\d){2}-(\\d){2}'`,
      'invalidParameter',
      'date',
    );
  }
  const today = pacificDate(now);
  if (date > today)
    return badRequest('admin', `Start date can not be later than ${today}`, 'invalid');
  const wanted = (query.get('parameters') ?? '').split(',').filter(Boolean);
  if (wanted.some((p) => !/^[a-z_]+:[a-z0-9_]+$/.test(p))) {
    return badRequest('admin', 'Invalid value for parameters', 'invalid', 'parameters');
  }
  const base = { kind: 'admin#reports#usageReports', etag: etagOf(`usage:${date}`) };
  const lagDay = pacificDate(new Date(now.getTime() - world.usageLagDays * DAY));
  const figures = world.gmail.get(date);
  if (date > lagDay || !figures) {
    const available = date > lagDay ? lagDay : null;
    return json(200, {
      ...base,
      warnings: [
        {
          code: 'DATA_NOT_AVAILABLE',
          message: available
            ? `Data for dates later than ${available} is not yet available. Please check back later`
            : `Data for ${date} is not available.`,
          data: [{ key: 'application', value: 'gmail' }],
        },
      ],
    });
  }
  const report = (parameters: unknown[]) => ({
    kind: 'admin#reports#usageReport',
    date,
    etag: etagOf(`usage:${date}:${world.customerId}`),
    entity: { customerId: world.customerId, type: 'CUSTOMER' },
    parameters,
  });
  const accounts = { name: 'accounts:num_users', intValue: String(world.users.length) };
  if (date === lagDay) {
    return json(200, {
      ...base,
      usageReports: [
        report(wanted.length === 0 || wanted.includes(accounts.name) ? [accounts] : []),
      ],
      warnings: [
        {
          code: 'PARTIAL_DATA_AVAILABLE',
          message: `Data for the application gmail is not yet available for ${date}.`,
          data: [{ key: 'application', value: 'gmail' }],
        },
      ],
    });
  }
  const all = [
    accounts,
    ...Object.entries(GMAIL_PARAMETERS).map(([name, key]) => ({
      name,
      intValue: String(figures[key]),
    })),
  ];
  return json(200, {
    ...base,
    usageReports: [report(all.filter((p) => wanted.length === 0 || wanted.includes(p.name)))],
  });
}

export const customerUsage: ApiEndpoint = {
  pattern: /^\/admin\/reports\/v1\/usage\/dates\/(?<date>[^/]+)$/,
  api: 'reports',
  service: 'admin.googleapis.com',
  scopes: [`${AUTH}admin.reports.usage.readonly`],
  schema: {
    kind: true,
    etag: true,
    nextPageToken: true,
    warnings: { code: true, message: true, data: { key: true, value: true } },
    usageReports: {
      kind: true,
      date: true,
      etag: true,
      entity: { customerId: true, type: true, userEmail: true, profileId: true, entityId: true },
      parameters: { ...PARAMETER_SCHEMA, datetimeValue: true, msgValue: true },
    },
  },
  handle: usageReport,
};
