// A stand-in for the Castellan server's agent API, answering as apps/server does, as a `fetch`.
import type { AgentCheckResult, CurrentBrowsers } from '@castellan/contract/agent-checks';

type Device = { id: string; token: string; lastReportedAt: string | null; removed: boolean };

export type FakeRequest = {
  path: string;
  headers: Record<string, string>;
  body: unknown;
};

export const MESSAGES = {
  badCode: 'This enrollment code is invalid or has expired. Get a new one on the download page.',
  revoked: 'This device is no longer enrolled.',
  replay: 'This report is not newer than the last one received.',
  tooLarge: 'The request body is too large.',
  tooMany: 'Too many requests. Please wait a moment.',
  mediaType: 'Send the request as JSON (Content-Type: application/json).',
};

export class FakeServer {
  readonly requests: FakeRequest[] = [];
  readonly reports: { reportedAt: string; checks: AgentCheckResult[] }[] = [];
  readonly devices: Device[] = [];
  /** Codes that enroll one device each. */
  readonly codes = new Set<string>(['GOOD-CODE']);
  currentBrowsers: CurrentBrowsers = { chrome: '131.0.6778.85' };
  /** Answers every call with 429 and this Retry-After when set. */
  retryAfter: string | null = null;
  /** Fails every call as an unreachable host when set. */
  unreachable = false;
  /**
   * Self-update, when set: the key enrollment hands out, the signed manifest GET
   * /api/agent/manifest answers, and the bytes each /api/agent/download/<target> answers.
   */
  updates: {
    updateKey: string;
    manifest: { manifest: string; signature: string };
    builds: Record<string, Uint8Array>;
  } | null = null;

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    if (this.unreachable) {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }),
      });
    }
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const text = typeof init?.body === 'string' ? init.body : '';
    const body = text ? JSON.parse(text) : undefined;
    this.requests.push({ path: url.pathname, headers, body });
    if (init?.method !== 'POST') return this.get(url.pathname);
    if (headers['content-type'] !== 'application/json')
      return json(415, { error: MESSAGES.mediaType });
    if (this.retryAfter) {
      return json(429, { error: MESSAGES.tooMany }, { 'retry-after': this.retryAfter });
    }
    if (Buffer.byteLength(text) > 64 * 1024) return json(413, { error: MESSAGES.tooLarge });
    switch (url.pathname) {
      case '/api/agent/enroll':
        return this.enroll(body as { code: string; device: { name: string } });
      case '/api/agent/report':
        return this.report(headers.authorization, body as FakeServer['reports'][number]);
      case '/api/agent/unenroll':
        return this.unenroll(headers.authorization);
      default:
        return json(404, { error: 'Not found.' });
    }
  };

  /** The update calls; any other GET, such as /api/agent/due, this fake does not have. */
  private get(path: string): Response {
    if (this.updates && path === '/api/agent/manifest') return json(200, this.updates.manifest);
    const build = this.updates?.builds[path.replace('/api/agent/download/', '')];
    if (build && path.startsWith('/api/agent/download/')) return new Response(build);
    return json(404, { error: 'Not found.' });
  }

  private enroll(body: { code: string; device: { name: string } }): Response {
    if (!body.device?.name) return json(400, { error: 'device.name: is required' });
    if (!this.codes.delete(body.code)) return json(400, { error: MESSAGES.badCode });
    const n = this.devices.length + 1;
    const device = {
      id: `device-${n}`,
      token: `secret-token-${n}`,
      lastReportedAt: null,
      removed: false,
    };
    this.devices.push(device);
    return json(201, {
      deviceId: device.id,
      token: device.token,
      currentBrowsers: this.currentBrowsers,
      ...(this.updates ? { updateKey: this.updates.updateKey } : {}),
    });
  }

  private report(
    authorization: string | undefined,
    body: { reportedAt: string; checks: AgentCheckResult[] },
  ): Response {
    const device = this.deviceOf(authorization);
    if (!device) return json(401, { error: MESSAGES.revoked });
    if (body.checks.some((c) => c.evidence.length > 500)) {
      return json(400, { error: 'checks.0.evidence: too long' });
    }
    if (device.lastReportedAt && body.reportedAt <= device.lastReportedAt) {
      return json(409, { error: MESSAGES.replay });
    }
    device.lastReportedAt = body.reportedAt;
    this.reports.push(body);
    return json(200, { accepted: true, currentBrowsers: this.currentBrowsers });
  }

  private unenroll(authorization: string | undefined): Response {
    const device = this.deviceOf(authorization);
    if (!device) return json(401, { error: MESSAGES.revoked });
    device.removed = true;
    return new Response(null, { status: 204 });
  }

  private deviceOf(authorization: string | undefined): Device | undefined {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return this.devices.find((d) => d.token === token && !d.removed);
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
