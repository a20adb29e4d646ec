import { z } from 'zod';
import {
  AGENT_BROWSERS,
  AGENT_CHECK_IDS,
  AGENT_CHECKS,
  AGENT_LIMITS,
  AGENT_PLATFORMS,
  AGENT_VERDICTS,
} from './agent-checks';
import { AGENT_TARGETS, type AgentTarget } from './agent-targets';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { DEVICE_SOURCES } from './suites';

export * from './agent-checks';
export * from './agent-fixes';
export * from './agent-releases';
export * from './agent-targets';

const currentBrowsers = z.partialRecord(z.enum(AGENT_BROWSERS), z.string());

/** `POST /api/agent/enrollment-codes`: a one-time code to enroll one device, valid 24 hours. */
export const agentEnrollmentCode = z.object({ code: z.string(), expiresAt: isoDateTime });
export type AgentEnrollmentCode = z.infer<typeof agentEnrollmentCode>;

/** The device as the agent describes it. */
export const agentDeviceInfo = z.strictObject({
  name: z.string().trim().min(1, { message: 'is required' }).max(AGENT_LIMITS.deviceNameChars),
  platform: z.enum(AGENT_PLATFORMS),
  osVersion: z.string().trim().max(AGENT_LIMITS.versionChars),
  agentVersion: z.string().trim().max(AGENT_LIMITS.versionChars),
});
export type AgentDeviceInfo = z.infer<typeof agentDeviceInfo>;

/** `POST /api/agent/enroll`: the code from the download page and the device. */
export const enrollAgentRequest = z.strictObject({
  code: z.string().trim().min(1, { message: 'is required' }).max(64),
  device: agentDeviceInfo,
});
export type EnrollAgentRequest = z.infer<typeof enrollAgentRequest>;

/**
 * The Ed25519 public key (32 bytes, base64) that signs this server's agent manifest: the agent
 * keeps it and updates itself only from a manifest it verifies.
 */
const updateKey = z.string();

/** The device token is shown once, here; the server keeps only its hash. */
export const enrollAgentResponse = z.object({
  deviceId: z.string(),
  token: z.string(),
  currentBrowsers,
  updateKey,
});
export type EnrollAgentResponse = z.infer<typeof enrollAgentResponse>;

export const agentCheckResult = z.strictObject({
  id: z.enum(AGENT_CHECK_IDS),
  verdict: z.enum(AGENT_VERDICTS),
  evidence: z.string().max(AGENT_LIMITS.evidenceChars),
  needsAdmin: z.boolean().optional(),
});

/**
 * `POST /api/agent/report` (Bearer device token): one run's results. A report no newer than the
 * last one stored is a replay (409); one dated ahead of the server's clock is refused (400).
 */
export const agentReportRequest = z
  .strictObject({
    reportedAt: isoDateTime,
    device: agentDeviceInfo.pick({ osVersion: true, agentVersion: true }).optional(),
    checks: z.array(agentCheckResult).min(1).max(AGENT_CHECK_IDS.length),
  })
  .refine((r) => new Set(r.checks.map((c) => c.id)).size === r.checks.length, {
    message: 'checks: each check may appear once',
  });
export type AgentReportRequest = z.infer<typeof agentReportRequest>;

/** `updateKey` lets an agent enrolled before self-update learn the key, over its own token. */
export const agentReportResponse = z.object({
  accepted: z.literal(true),
  currentBrowsers,
  updateKey,
});
export type AgentReportResponse = z.infer<typeof agentReportResponse>;

/**
 * The catalogue tasks the devices decide, whichever source reports on them: the tasks of the
 * agent's checks, and the phone's, which only the suites report on.
 */
export const DEVICE_TASK_IDS: readonly string[] = [
  ...AGENT_CHECK_IDS.flatMap((id) => AGENT_CHECKS[id].tasks),
  'lock-phone',
];

/** One source's report on a device: the device is shown once, with every source that knows it. */
export const deviceReport = z.object({
  source: z.enum(DEVICE_SOURCES),
  /** The source's last report (a suite: the device's last sync); null when it does not say. */
  reportedAt: isoDateTime.nullable(),
});
export type DeviceReportInfo = z.infer<typeof deviceReport>;

/** A device as members (their own) and administrators (everyone's) see it. */
export const agentDevice = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(AGENT_PLATFORMS),
  osVersion: z.string(),
  agentVersion: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  enrolledAt: isoDateTime,
  /** When the last report reached the server; null until the first. */
  lastReportAt: isoDateTime.nullable(),
  /** Silent for AGENT_STALE_DAYS: its results no longer count. */
  stale: z.boolean(),
  /**
   * Releases of the agent since this device's version, up to the server's build; null when
   * either is not a release (an agent run from its sources, a server without builds).
   */
  releasesBehind: z.number().int().nullable(),
  checks: z.array(agentCheckResult.omit({ needsAdmin: true }).extend({ needsAdmin: z.boolean() })),
  /** A suite's device management reports on the same device too (absent: the agent alone). */
  alsoReportedBy: z.array(deviceReport).optional(),
});
export type AgentDevice = z.infer<typeof agentDevice>;

export const DEVICE_KINDS = ['computer', 'phone', 'other'] as const;

/**
 * A device only a suite's device management knows (no agent on it): its reports from Google
 * and Intune, newest first, and what they say, each check with the newest report that tells.
 */
export const suiteDevice = z.object({
  /** `<source>:<the suite's id>` of its newest report. */
  id: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  /** The system and its version, as the suite names them ("iOS 17.4"). */
  system: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  lastReportAt: isoDateTime.nullable(),
  /** Silent for AGENT_STALE_DAYS: its results no longer count. */
  stale: z.boolean(),
  reports: z.array(deviceReport),
  checks: z.array(
    z.object({ name: z.string(), verdict: z.enum(AGENT_VERDICTS), evidence: z.string() }),
  ),
});
export type SuiteDeviceView = z.infer<typeof suiteDevice>;

export const agentDevicesQuery = z.strictObject({
  scope: z.enum(['mine', 'organization']).default('mine'),
});
export const agentDevicesResponse = z.object({
  devices: z.array(agentDevice),
  /** Devices a suite manages that have no agent, each once (empty without a suite's devices). */
  suiteDevices: z.array(suiteDevice),
  /**
   * The connected suites whose last sync could not read devices, with why ("No Intune licence
   * in this tenant."); for administrators' organisation view only, empty otherwise.
   */
  devicesUnknown: z.array(z.object({ source: z.enum(DEVICE_SOURCES), reason: z.string() })),
});
export type AgentDevicesResponse = z.infer<typeof agentDevicesResponse>;

export const agentDeviceParams = z.strictObject({ id: z.uuid({ message: 'must be a device id' }) });

/** A build the server can hand out; `file` is null when this server has none for the target. */
export const agentDownload = z.object({
  target: z.enum(AGENT_TARGETS),
  label: z.string(),
  fileName: z.string(),
  file: z.object({ url: z.string(), bytes: z.number().int(), sha256: z.string() }).nullable(),
});
export type AgentDownload = z.infer<typeof agentDownload>;
/** `version`: the agent version of this server's builds; null when it has none. */
export const agentDownloadsResponse = z.object({
  version: z.string().nullable(),
  downloads: z.array(agentDownload),
});
export type AgentDownloadsResponse = z.infer<typeof agentDownloadsResponse>;
export const agentDownloadParams = z.strictObject({ target: z.enum(AGENT_TARGETS) });

/** `POST /api/agent/devices/:id/check-now`: when the device was asked to check again. */
export const agentCheckNowResponse = z.object({ requestedAt: isoDateTime });
export type AgentCheckNowResponse = z.infer<typeof agentCheckNowResponse>;

/**
 * `GET /api/agent/due` (Bearer device token): whether a person asked the device to check again
 * now, and how often (pollSeconds) and how long (watchSeconds) an agent that keeps watch asks.
 */
export const agentDueResponse = z.object({
  due: z.boolean(),
  pollSeconds: z.number().int(),
  watchSeconds: z.number().int(),
});
export type AgentDueResponse = z.infer<typeof agentDueResponse>;

/** One build in the manifest: where to fetch it (a path on this server) and what it must hash to. */
export type AgentManifestBuild = { path: string; bytes: number; sha256: string };
/** What the manifest says, before it is encoded and signed. */
export type AgentManifest = {
  format: 1;
  version: string;
  issuedAt: string;
  builds: Partial<Record<AgentTarget, AgentManifestBuild>>;
};

/**
 * `GET /api/agent/manifest`: the current builds, signed. `manifest` is the JSON of an
 * AgentManifest in base64, and `signature` the Ed25519 signature of those bytes (base64), so
 * that the agent verifies exactly what it parses.
 */
export const agentManifestResponse = z.object({ manifest: z.string(), signature: z.string() });
export type AgentManifestResponse = z.infer<typeof agentManifestResponse>;

export const agentEndpoints = {
  createAgentEnrollmentCode: endpoint({
    method: 'POST',
    path: '/agent/enrollment-codes',
    access: 'user',
    response: { 201: agentEnrollmentCode },
    summary: 'A one-time code, valid 24 hours, that enrolls one device of the signed-in member',
  }),
  enrollAgentDevice: endpoint({
    method: 'POST',
    path: '/agent/enroll',
    access: 'public',
    body: enrollAgentRequest,
    response: { 201: enrollAgentResponse },
    summary: 'Enroll a device with a code from the download page; answers its token once',
  }),
  sendAgentReport: endpoint({
    method: 'POST',
    path: '/agent/report',
    access: 'public',
    body: agentReportRequest,
    response: { 200: agentReportResponse },
    summary: 'A device’s check results (Authorization: Bearer <device token>)',
  }),
  unenrollAgentDevice: endpoint({
    method: 'POST',
    path: '/agent/unenroll',
    access: 'public',
    response: { 204: z.null() },
    summary:
      'A device removes itself (Authorization: Bearer <device token>); its token stops working',
  }),
  getAgentDevices: endpoint({
    method: 'GET',
    path: '/agent/devices',
    access: 'user',
    query: agentDevicesQuery,
    response: { 200: agentDevicesResponse },
    summary: 'The member’s devices, or (administrators, scope=organization) every device',
  }),
  removeAgentDevice: endpoint({
    method: 'DELETE',
    path: '/agent/devices/:id',
    access: 'user',
    params: agentDeviceParams,
    response: { 204: z.null() },
    summary: 'Remove a device (its own member or an administrator); its token stops working',
  }),
  checkAgentDeviceNow: endpoint({
    method: 'POST',
    path: '/agent/devices/:id/check-now',
    access: 'user',
    params: agentDeviceParams,
    response: { 200: agentCheckNowResponse },
    summary:
      'Ask a device to check again now (its own member or an administrator); its agent learns it when it next asks',
  }),
  getAgentDue: endpoint({
    method: 'GET',
    path: '/agent/due',
    access: 'public',
    response: { 200: agentDueResponse },
    summary:
      'Whether a person asked this device to check again now (Authorization: Bearer <device token>)',
  }),
  getAgentManifest: endpoint({
    method: 'GET',
    path: '/agent/manifest',
    access: 'public',
    response: { 200: agentManifestResponse },
    summary:
      'The current agent builds with their SHA-256, signed with the server’s key (agents update from it)',
  }),
  getAgentDownloads: endpoint({
    method: 'GET',
    path: '/agent/downloads',
    access: 'user',
    response: { 200: agentDownloadsResponse },
    summary: 'The agent builds this server hands out, with their size and SHA-256',
  }),
};
