// The agent's calls to the Castellan server: enroll, report, unenroll.

import type {
  AgentDeviceInfo,
  AgentDueResponse,
  AgentManifestResponse,
  AgentReportRequest,
  EnrollAgentResponse,
} from '@castellan/contract';
import {
  AGENT_LIMITS,
  type AgentCheckResult,
  type CurrentBrowsers,
} from '@castellan/contract/agent-checks';
import { AgentError } from './agent-error';

export const REQUEST_TIMEOUT_MS = 30_000;
/** The server's answers are a few hundred bytes; anything far larger is not the server. */
export const MAX_ANSWER_BYTES = 256 * 1024;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A failed call: `status` is the server's answer, absent when the server was not reached. */
export class ServerError extends AgentError {
  override name = 'ServerError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message, 1);
  }
}

/**
 * The server's base address from `--server`, without a trailing slash. Plain http only reaches
 * this computer itself, so that the device token never crosses a network unencrypted.
 */
export function serverBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AgentError(`"${raw}" is not a web address; give the server as https://…`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AgentError(`"${raw}" is not a web address; give the server as https://…`);
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
    throw new AgentError(
      `The server must be reached over https (${raw} is plain http): the device token must not cross the network unencrypted.`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new AgentError(`Give the server's address alone, without a name, password, ? or #.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function userAgent(agentVersion: string): string {
  return `castellan-agent/${agentVersion}`;
}

/** What the agent keeps of an enrollment; `updateKey` is absent from servers before self-update. */
export type Enrolled = Omit<EnrollAgentResponse, 'updateKey'> & { updateKey?: string };

export type ServerClient = {
  enroll(code: string, device: AgentDeviceInfo): Promise<Enrolled>;
  report(
    token: string,
    report: AgentReportRequest,
  ): Promise<{ currentBrowsers: CurrentBrowsers; updateKey?: string }>;
  /** The signed manifest of the server's builds, unverified (see update.ts). */
  manifest(): Promise<AgentManifestResponse>;
  unenroll(token: string): Promise<'removed' | 'already-removed'>;
  /** Whether a person asked this device to check again now (check again now, watch). */
  due(token: string): Promise<AgentDueResponse>;
};

export function serverClient(
  server: string,
  fetchFn: typeof fetch,
  userAgent: string,
): ServerClient {
  const base = serverBaseUrl(server);

  async function post(path: string, token: string | null, body: unknown, method = 'POST') {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': userAgent,
    };
    // The server refuses state-changing calls without this type, even with no body.
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetchFn(`${base}${path}`, {
        method,
        headers,
        body: method !== 'POST' ? undefined : body === undefined ? '' : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServerError(`Could not reach ${base}: ${describeNetworkError(error)}`);
    }
    const text = await readBounded(response, base);
    return { status: response.status, headers: response.headers, text };
  }

  function refusal(answer: { status: number; headers: Headers; text: string }): ServerError {
    return new ServerError(describeRefusal(base, answer), answer.status);
  }

  return {
    async enroll(code, device) {
      const answer = await post('/api/agent/enroll', null, { code, device });
      if (answer.status !== 201) throw refusal(answer);
      const value = parseJson(answer.text, base) as Partial<EnrollAgentResponse>;
      if (typeof value.deviceId !== 'string' || typeof value.token !== 'string') {
        throw new ServerError(`${base} gave an answer the agent does not understand.`);
      }
      return {
        deviceId: value.deviceId,
        token: value.token,
        currentBrowsers: browsersOf(value.currentBrowsers),
        ...updateKeyOf(value.updateKey),
      };
    },
    async report(token, report) {
      const answer = await post('/api/agent/report', token, boundReport(report));
      if (answer.status !== 200) throw refusal(answer);
      const value = parseJson(answer.text, base) as {
        currentBrowsers?: unknown;
        updateKey?: unknown;
      };
      return {
        currentBrowsers: browsersOf(value.currentBrowsers),
        ...updateKeyOf(value.updateKey),
      };
    },
    async manifest() {
      const answer = await post('/api/agent/manifest', null, undefined, 'GET');
      if (answer.status !== 200) throw refusal(answer);
      const value = parseJson(answer.text, base) as Partial<AgentManifestResponse>;
      if (typeof value.manifest !== 'string' || typeof value.signature !== 'string') {
        throw new ServerError(`${base} gave an answer the agent does not understand.`);
      }
      return { manifest: value.manifest, signature: value.signature };
    },
    async unenroll(token) {
      const answer = await post('/api/agent/unenroll', token, undefined);
      if (answer.status === 204) return 'removed';
      if (answer.status === 401) return 'already-removed';
      throw refusal(answer);
    },
    async due(token) {
      const answer = await post('/api/agent/due', token, undefined, 'GET');
      if (answer.status !== 200) throw refusal(answer);
      const value = parseJson(answer.text, base) as Partial<AgentDueResponse>;
      const seconds = (n: unknown, fallback: number) =>
        typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : fallback;
      return {
        due: value.due === true,
        // Bounded, whatever the server says: never faster than every 5 s, never over an hour.
        pollSeconds: Math.max(5, seconds(value.pollSeconds, 15)),
        watchSeconds: Math.min(3600, seconds(value.watchSeconds, 600)),
      };
    },
  };
}

/** Keeps a report within the server's bounds: each evidence sentence and version clipped. */
export function boundReport(report: AgentReportRequest): AgentReportRequest {
  const bounded: AgentReportRequest = {
    ...report,
    ...(report.device && {
      device: {
        osVersion: clip(report.device.osVersion, AGENT_LIMITS.versionChars),
        agentVersion: clip(report.device.agentVersion, AGENT_LIMITS.versionChars),
      },
    }),
    checks: report.checks.map((check) => boundCheck(check, AGENT_LIMITS.evidenceChars)),
  };
  if (Buffer.byteLength(JSON.stringify(bounded)) <= AGENT_LIMITS.reportBytes) return bounded;
  // Seven checks of 500 characters cannot reach the bound; this guards against a future change.
  return { ...bounded, checks: bounded.checks.map((check) => boundCheck(check, 200)) };
}

function boundCheck(check: AgentCheckResult, chars: number): AgentCheckResult {
  return { ...check, evidence: clip(check.evidence, chars) };
}

/** The text cut to `max` UTF-16 units (as the server counts), ending in "…" when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  // Never leave half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** A 32-byte key in base64, or nothing. */
function updateKeyOf(value: unknown): { updateKey?: string } {
  if (typeof value !== 'string' || Buffer.from(value, 'base64').length !== 32) return {};
  return { updateKey: value };
}

function browsersOf(value: unknown): CurrentBrowsers {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([, version]) => typeof version === 'string'),
  ) as CurrentBrowsers;
}

async function readBounded(response: Response, base: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new ServerError(`${base} gave an answer far too large to be Castellan's.`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel();
        throw new ServerError(`${base} gave an answer far too large to be Castellan's.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ServerError) throw error;
    throw new ServerError(`Could not reach ${base}: ${describeNetworkError(error)}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string, base: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null) return value;
  } catch {}
  throw new ServerError(`${base} gave an answer the agent does not understand.`);
}

function describeRefusal(
  base: string,
  answer: { status: number; headers: Headers; text: string },
): string {
  const { status, headers } = answer;
  if (status >= 300 && status < 400) {
    const location = headers.get('location');
    return `${base} answered with a redirect${location ? ` to ${location}` : ''}; give that address with --server.`;
  }
  const said = errorMessageOf(answer.text);
  if (status === 429) {
    const wait = retryAfter(headers.get('retry-after'));
    return `${said ?? 'The server is busy.'} Try again ${wait ?? 'later'}.`;
  }
  if (status >= 500) {
    return `${base} could not answer (${status}${said ? `: ${said}` : ''}). Try again later.`;
  }
  if (status === 404) {
    return `${base} does not answer agent requests (404). Is this the Castellan address?`;
  }
  return said ?? `${base} refused the request (${status}).`;
}

function errorMessageOf(text: string): string | null {
  try {
    const value = JSON.parse(text) as { error?: unknown };
    if (typeof value.error === 'string' && value.error.trim()) {
      // One line, and no terminal control characters from a server.
      return clip(value.error.replace(/[\p{Cc}\s]+/gu, ' ').trim(), 500);
    }
  } catch {}
  return null;
}

/** "in 30 seconds" from a Retry-After of seconds or of an HTTP date. */
function retryAfter(value: string | null, now = Date.now()): string | null {
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim())
    ? Number(value)
    : Math.ceil((Date.parse(value) - now) / 1000);
  if (!Number.isFinite(seconds)) return null;
  if (seconds <= 1) return 'in a second';
  if (seconds < 120) return `in ${seconds} seconds`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${REQUEST_TIMEOUT_MS / 1000} seconds`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'ENOTFOUND') return 'no such host name';
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
