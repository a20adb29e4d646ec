// Reports API reads: audit activities and the customer usage report (integrations-reference
// §1.5–1.7).
import { z } from 'zod';
import type { GoogleApi } from './google-api';
import { parsePage } from './parse-page';

const parameter = z.object({
  name: z.string(),
  value: z.string().optional(),
  intValue: z.string().optional(),
  boolValue: z.boolean().optional(),
  multiValue: z.array(z.string()).optional(),
});
const activitiesPage = z.object({
  items: z
    .array(
      z.object({
        id: z.object({ time: z.string() }),
        events: z
          .array(z.object({ name: z.string(), parameters: z.array(parameter).optional() }))
          .optional(),
      }),
    )
    .optional(),
});

export type AuditEvent = {
  /** RFC 3339, when the activity happened. */
  time: string;
  name: string;
  /** Parameter name → its value (`value`, `intValue`, `boolValue` or `multiValue`). */
  parameters: Map<string, string | boolean | string[]>;
};

const ACTIVITIES_PER_PAGE = 1000;

/**
 * Every event called `eventName` of an application since `startTime`, newest first, one page
 * in memory at a time. Without `withParameters` the events come without their parameters
 * (smaller answers when only counting).
 */
export async function* listAuditEvents(
  api: GoogleApi,
  p: {
    application: 'login' | 'drive';
    eventName: string;
    startTime: Date;
    withParameters?: boolean;
    signal?: AbortSignal;
  },
): AsyncGenerator<AuditEvent> {
  const path = `/admin/reports/v1/activity/users/all/applications/${p.application}`;
  const events = p.withParameters
    ? 'events(name,parameters(name,value,intValue,boolValue,multiValue))'
    : 'events(name)';
  const query = {
    eventName: p.eventName,
    startTime: p.startTime.toISOString(),
    maxResults: ACTIVITIES_PER_PAGE,
    fields: `nextPageToken,items(id(time),${events})`,
  };
  for await (const body of api.pages('admin', path, query, p.signal ? { signal: p.signal } : {})) {
    for (const item of parsePage(activitiesPage, body, `Google ${path}`).items ?? []) {
      for (const event of item.events ?? []) {
        if (event.name !== p.eventName) continue;
        const parameters = new Map<string, string | boolean | string[]>();
        for (const param of event.parameters ?? []) {
          const value = param.value ?? param.intValue ?? param.boolValue ?? param.multiValue;
          if (value !== undefined) parameters.set(param.name, value);
        }
        yield { time: item.id.time, name: event.name, parameters };
      }
    }
  }
}

const usagePage = z.object({
  usageReports: z
    .array(
      z.object({
        parameters: z
          .array(z.object({ name: z.string(), intValue: z.string().optional() }))
          .optional(),
      }),
    )
    .optional(),
});

/**
 * The customer's integer figures `names` on one date (`yyyy-mm-dd`, Pacific time); a figure
 * Google has no data for yet is missing from the map.
 */
export async function customerUsage(
  api: GoogleApi,
  date: string,
  names: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const path = `/admin/reports/v1/usage/dates/${date}`;
  const query = {
    parameters: names.join(','),
    fields: 'nextPageToken,usageReports(parameters(name,intValue))',
  };
  const figures = new Map<string, number>();
  for await (const body of api.pages('admin', path, query, signal ? { signal } : {})) {
    for (const report of parsePage(usagePage, body, `Google ${path}`).usageReports ?? []) {
      for (const param of report.parameters ?? []) {
        const value = Number(param.intValue);
        if (names.includes(param.name) && param.intValue !== undefined && Number.isFinite(value)) {
          figures.set(param.name, (figures.get(param.name) ?? 0) + value);
        }
      }
    }
  }
  return figures;
}
