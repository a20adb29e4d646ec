// The four services' operations on the fake's world: STS and IAM (Query), CloudTrail (JSON 1.1)
// and S3 Control (REST-XML), after the signature is checked. `state` is the fake's memory.
import { randomBytes } from 'node:crypto';
import type { Answer } from '../kit/answers';
import type { KnownKey } from '../kit/sigv4-check';
import { awsError, awsJson, elements, queryResult, restXml } from './answers';
import { type AwsWorld, credentialReportCsv, type FakeTrail, trailArn } from './world';

/** Who signed: an IAM user's key, or a role's temporary one. */
export type Caller =
  | { kind: 'user'; name: string }
  | { kind: 'role'; name: string; session: string };

export type TempKey = KnownKey & { accessKeyId: string; role: string; session: string };

export type ServiceState = {
  world: AwsWorld;
  tempKeys: Map<string, TempKey>;
  report: { csv: string; generatedAt: number } | null;
  /** GetCredentialReport answers ReportInProgress this many more times, then the report is made. */
  generating: { pollsLeft: number } | null;
  /** How many GetCredentialReport calls a new report takes to make. */
  reportPolls: number;
  now: () => number;
};

const REPORT_FRESH_MS = 4 * 3_600_000;

const callerArn = (world: AwsWorld, c: Caller) =>
  c.kind === 'user'
    ? `arn:aws:iam::${world.accountId}:user/${c.name}`
    : `arn:aws:sts::${world.accountId}:assumed-role/${c.name}/${c.session}`;

/** Whether the caller has SecurityAudit (every read here but GetCallerIdentity needs it). */
export function mayAudit(world: AwsWorld, c: Caller): boolean {
  if (c.kind === 'role') return world.roles.find((r) => r.name === c.name)?.securityAudit ?? false;
  return world.users.find((u) => u.name === c.name)?.securityAudit ?? false;
}

export const denied = (
  protocol: 'query-iam' | 'query-sts' | 'json' | 'rest-xml',
  world: AwsWorld,
  caller: Caller,
  action: string,
  resource = '*',
): Answer =>
  awsError(
    protocol,
    protocol === 'json' ? 400 : 403,
    protocol === 'json' ? 'AccessDeniedException' : 'AccessDenied',
    `User: ${callerArn(world, caller)} is not authorized to perform: ${action} on resource: ${resource}`,
  );

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

// ── STS ──────────────────────────────────────────────────────────────────────────────────────

export function sts(
  state: ServiceState,
  caller: Caller,
  keyId: string,
  action: string,
  p: URLSearchParams,
): Answer {
  const { world } = state;
  if (action === 'GetCallerIdentity') {
    const userId =
      caller.kind === 'user' ? keyId : `AROAFAKE${caller.name.toUpperCase()}:${caller.session}`;
    return queryResult(
      'query-sts',
      action,
      elements({ Arn: callerArn(world, caller), UserId: userId, Account: world.accountId }),
    );
  }
  if (action === 'AssumeRole') {
    const roleArn = p.get('RoleArn') ?? '';
    const session = p.get('RoleSessionName') ?? '';
    const duration = Number(p.get('DurationSeconds') ?? 3600);
    if (!/^[\w+=,.@-]{2,64}$/.test(session)) {
      return awsError(
        'query-sts',
        400,
        'ValidationError',
        "1 validation error detected: Value at 'roleSessionName' failed to satisfy constraint",
      );
    }
    if (!Number.isInteger(duration) || duration < 900 || duration > 43_200) {
      return awsError(
        'query-sts',
        400,
        'ValidationError',
        "1 validation error detected: Value at 'durationSeconds' failed to satisfy constraint",
      );
    }
    const role = world.roles.find(
      (r) => `arn:aws:iam::${world.accountId}:role/${r.name}` === roleArn,
    );
    const trusted =
      role &&
      caller.kind === 'user' &&
      role.trusts.includes(caller.name) &&
      (role.externalId === undefined || role.externalId === p.get('ExternalId'));
    if (!role || !trusted) return denied('query-sts', world, caller, 'sts:AssumeRole', roleArn);
    const accessKeyId = `ASIA${randomBytes(8).toString('hex').toUpperCase()}`;
    const key: TempKey = {
      accessKeyId,
      secret: randomBytes(30).toString('base64'),
      sessionToken: randomBytes(48).toString('base64'),
      expiresAt: state.now() + duration * 1000,
      role: role.name,
      session,
    };
    state.tempKeys.set(accessKeyId, key);
    return queryResult(
      'query-sts',
      action,
      `<Credentials>${elements({
        AccessKeyId: accessKeyId,
        SecretAccessKey: key.secret,
        SessionToken: key.sessionToken,
        Expiration: iso(key.expiresAt ?? 0),
      })}</Credentials><AssumedRoleUser>${elements({
        AssumedRoleId: `AROAFAKE${role.name.toUpperCase()}:${session}`,
        Arn: callerArn(world, { kind: 'role', name: role.name, session }),
      })}</AssumedRoleUser>`,
    );
  }
  return awsError(
    'query-sts',
    400,
    'InvalidAction',
    `Could not find operation ${action} for version 2011-06-15`,
  );
}

// ── IAM ──────────────────────────────────────────────────────────────────────────────────────

function accountSummary(world: AwsWorld): string {
  const map: Record<string, number> = {
    Users: world.users.length,
    UsersQuota: 5000,
    Roles: world.roles.length,
    MFADevices: world.users.filter((u) => u.mfa).length + (world.root.mfa ? 1 : 0),
    MFADevicesInUse: world.users.filter((u) => u.mfa).length + (world.root.mfa ? 1 : 0),
    AccountMFAEnabled: world.root.mfa ? 1 : 0,
    AccountAccessKeysPresent: world.root.accessKeys > 0 ? 1 : 0,
    AccountPasswordPresent: 1,
    AccountSigningCertificatesPresent: 0,
    AccessKeysPerUserQuota: 2,
  };
  return `<SummaryMap>${Object.entries(map)
    .map(([k, v]) => `<entry><key>${k}</key><value>${v}</value></entry>`)
    .join('')}</SummaryMap>`;
}

function listUsers(world: AwsWorld, p: URLSearchParams): Answer {
  const maxItems = Number(p.get('MaxItems') ?? 100);
  if (!Number.isInteger(maxItems) || maxItems < 1 || maxItems > 1000) {
    return awsError(
      'query-iam',
      400,
      'ValidationError',
      "1 validation error detected: Value at 'maxItems' failed to satisfy constraint",
    );
  }
  const marker = p.get('Marker');
  const start = marker
    ? Number(
        Buffer.from(marker, 'base64')
          .toString('utf8')
          .replace(/^users:/, ''),
      )
    : 0;
  if (!Number.isInteger(start) || start < 0) {
    return awsError('query-iam', 400, 'ValidationError', 'Invalid Marker.');
  }
  const page = world.users.slice(start, start + maxItems);
  const next = start + page.length;
  const truncated = next < world.users.length;
  const members = page
    .map(
      (u) =>
        `<member>${elements({
          Path: '/',
          UserName: u.name,
          UserId: `AIDAFAKE${u.name.toUpperCase().replace(/[^A-Z0-9]/g, '')}`,
          Arn: `arn:aws:iam::${world.accountId}:user/${u.name}`,
          CreateDate: iso(u.createdAt.getTime()),
          PasswordLastUsed: u.passwordLastUsed ? iso(u.passwordLastUsed.getTime()) : null,
        })}</member>`,
    )
    .join('');
  return queryResult(
    'query-iam',
    'ListUsers',
    `<Users>${members}</Users>${elements({
      IsTruncated: truncated,
      Marker: truncated ? Buffer.from(`users:${next}`).toString('base64') : null,
    })}`,
  );
}

function generateReport(state: ServiceState): Answer {
  const fresh = state.report && state.now() - state.report.generatedAt < REPORT_FRESH_MS;
  let stateName = 'COMPLETE';
  if (state.generating) stateName = 'INPROGRESS';
  else if (!fresh) {
    state.generating = { pollsLeft: state.reportPolls };
    stateName = 'STARTED';
  }
  const description =
    stateName === 'STARTED'
      ? 'No report exists. Starting a new report generation task'
      : stateName === 'INPROGRESS'
        ? 'Report generation in progress.'
        : 'Report is complete.';
  return queryResult(
    'query-iam',
    'GenerateCredentialReport',
    elements({ State: stateName, Description: description }),
  );
}

function getReport(state: ServiceState): Answer {
  if (state.generating) {
    if (state.generating.pollsLeft > 0) {
      state.generating.pollsLeft -= 1;
      return awsError('query-iam', 404, 'ReportInProgress', 'Report generation in progress.');
    }
    state.generating = null;
    state.report = { csv: credentialReportCsv(state.world), generatedAt: state.now() };
  }
  if (!state.report) {
    return awsError(
      'query-iam',
      410,
      'ReportNotPresent',
      'Credential report not present. Please use GenerateCredentialReport to generate a report.',
    );
  }
  // A report older than four hours has to be made again [reference: assumed from the SDK's ReportExpired].
  if (state.now() - state.report.generatedAt >= REPORT_FRESH_MS) {
    return awsError(
      'query-iam',
      410,
      'ReportExpired',
      'The credential report has expired. Please use GenerateCredentialReport to generate a new report.',
    );
  }
  return queryResult(
    'query-iam',
    'GetCredentialReport',
    elements({
      Content: Buffer.from(state.report.csv, 'utf8').toString('base64'),
      ReportFormat: 'text/csv',
      GeneratedTime: iso(state.report.generatedAt),
    }),
  );
}

export function iam(
  state: ServiceState,
  caller: Caller,
  action: string,
  p: URLSearchParams,
): Answer {
  const known = [
    'GetAccountSummary',
    'GenerateCredentialReport',
    'GetCredentialReport',
    'ListUsers',
  ];
  if (!known.includes(action)) {
    return awsError(
      'query-iam',
      400,
      'InvalidAction',
      `Could not find operation ${action} for version 2010-05-08`,
    );
  }
  if (!mayAudit(state.world, caller))
    return denied('query-iam', state.world, caller, `iam:${action}`);
  switch (action) {
    case 'GetAccountSummary':
      return queryResult('query-iam', action, accountSummary(state.world));
    case 'GenerateCredentialReport':
      return generateReport(state);
    case 'GetCredentialReport':
      return getReport(state);
    default:
      return listUsers(state.world, p);
  }
}

// ── CloudTrail ───────────────────────────────────────────────────────────────────────────────

const TARGET = /^(?:com\.amazonaws\.cloudtrail\.v20131101\.)?CloudTrail_20131101\.(\w+)$/;

export function cloudTrail(
  state: ServiceState,
  caller: Caller,
  region: string,
  target: string,
  body: string,
): Answer {
  const { world } = state;
  const operation = TARGET.exec(target)?.[1];
  if (!operation || !['DescribeTrails', 'GetTrailStatus'].includes(operation)) {
    return awsError('json', 400, 'UnknownOperationException', `Unknown operation ${target}`);
  }
  let input: Record<string, unknown>;
  try {
    input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
  } catch {
    return awsError(
      'json',
      400,
      'SerializationException',
      'Start of structure or map found where not expected.',
    );
  }
  if (!mayAudit(world, caller)) return denied('json', world, caller, `cloudtrail:${operation}`);
  const visible = (t: FakeTrail) => t.homeRegion === region || t.multiRegion;
  if (operation === 'DescribeTrails') {
    const shadows = input.includeShadowTrails !== false;
    const trails = world.trails.filter(
      (t) => t.homeRegion === region || (shadows && t.multiRegion),
    );
    return awsJson({
      trailList: trails.map((t) => ({
        Name: t.name,
        S3BucketName: `aws-cloudtrail-logs-${world.accountId}`,
        IncludeGlobalServiceEvents: true,
        IsMultiRegionTrail: t.multiRegion,
        HomeRegion: t.homeRegion,
        TrailARN: trailArn(world, t),
        LogFileValidationEnabled: true,
        HasCustomEventSelectors: false,
        HasInsightSelectors: false,
        IsOrganizationTrail: false,
      })),
    });
  }
  const name = typeof input.Name === 'string' ? input.Name : '';
  // By name only a trail of this region is found; by ARN a shadow one too.
  const trail = world.trails.find((t) =>
    name.startsWith('arn:')
      ? trailArn(world, t) === name && visible(t)
      : t.name === name && t.homeRegion === region,
  );
  if (!trail) {
    return awsError(
      'json',
      400,
      'TrailNotFoundException',
      `Unknown trail: ${name} for the user: ${world.accountId}`,
    );
  }
  const started = Math.floor(state.now() / 1000) - 86_400;
  return awsJson({
    IsLogging: trail.logging,
    ...(trail.logging
      ? { StartLoggingTime: started, LatestDeliveryTime: Math.floor(state.now() / 1000) - 300 }
      : { StopLoggingTime: started }),
  });
}

// ── S3 Control ───────────────────────────────────────────────────────────────────────────────

export const PUBLIC_ACCESS_BLOCK_PATH = '/v20180820/configuration/publicAccessBlock';

export function s3Control(
  state: ServiceState,
  caller: Caller,
  method: string,
  path: string,
  accountHeader: string | undefined,
): Answer {
  const { world } = state;
  if (path !== PUBLIC_ACCESS_BLOCK_PATH || method !== 'GET') {
    return awsError('rest-xml', 404, 'NoSuchResource', 'The specified resource does not exist.');
  }
  if (accountHeader !== world.accountId) {
    return denied('rest-xml', world, caller, 's3:GetAccountPublicAccessBlock', accountHeader ?? '');
  }
  if (!mayAudit(world, caller))
    return denied('rest-xml', world, caller, 's3:GetAccountPublicAccessBlock');
  const block = world.publicAccessBlock;
  if (!block) {
    return awsError(
      'rest-xml',
      404,
      'NoSuchPublicAccessBlockConfiguration',
      'The public access block configuration was not found',
    );
  }
  // Namespace as the SDK's serializer writes it [reference: MEM].
  return restXml(
    `<PublicAccessBlockConfiguration xmlns="http://awss3control.amazonaws.com/doc/2018-08-20/">${elements(block)}</PublicAccessBlockConfiguration>`,
  );
}
