// A local AWS for tests: one origin answering STS, IAM, CloudTrail and S3 Control on their real
// paths, told apart by the service each request is signed for (as AWS_API_BASE_URL sends them).
// Every request's SigV4 signature is checked against the secret the fake holds (fakes/kit/sigv4-check.ts).
// Test controls: methods on the returned object, and the same over HTTP under /__fake/.
import type { Answer } from '../kit/answers';
import {
  type FakeRequest,
  fakeServer,
  type LoggedRequest as KitLoggedRequest,
} from '../kit/fake-server';
import { type FailureOptions, forcedFailures } from '../kit/forced-failures';
import { checkSignature, isRefusal, type KnownKey } from '../kit/sigv4-check';
import { awsError, type Protocol, refusalIn } from './answers';
import { controlApi } from './control-api';
import { type Caller, cloudTrail, iam, type ServiceState, s3Control, sts } from './services';
import { type AwsWorld, DEFAULT_WORLD } from './world';

export type LoggedRequest = KitLoggedRequest & {
  /** The signing name (`iam`, `sts`, `cloudtrail`, `s3`); null when unsigned or unreadable. */
  service: string | null;
  region: string | null;
  /** The Query action or JSON operation; the path for S3 Control. */
  action: string | null;
  accessKeyId: string | null;
};

/** What a request gets instead of its answer: AWS throttling it, or failing inside. */
export type AwsFailure = 'throttle' | 'internal' | 'unavailable';

export type FakeAwsOptions = {
  port?: number;
  world?: () => AwsWorld;
  /** GetCredentialReport calls answered ReportInProgress after a GenerateCredentialReport; default 1. */
  reportPolls?: number;
  latencyMs?: number;
};

export type FakeAws = {
  url: string;
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** The world as it is now; change it through `update`. */
  world(): AwsWorld;
  update(change: (world: AwsWorld) => void): void;
  /** Forgets the credential report: the next read gets 410 ReportNotPresent. */
  dropReport(): void;
  /** Makes the report four hours older (ReportExpired, and Generate makes a new one). */
  ageReport(): void;
  /** Every temporary key issued so far expires now. */
  expireTemporaryKeys(): void;
  /** Moves the fake's clock (for clock-skew tests), in ms from the real one. */
  setClockOffsetMs(ms: number): void;
  /** The next requests of `target` (`iam/`, `iam/GetCredentialReport`, `cloudtrail/`, `s3/`…) fail. */
  failNext(target: string, failure: AwsFailure, options?: FailureOptions): void;
  setLatencyMs(ms: number): void;
  reset(): void;
  close(): Promise<void>;
};

const PROTOCOL: Record<string, Protocol> = {
  iam: 'query-iam',
  sts: 'query-sts',
  cloudtrail: 'json',
  s3: 'rest-xml',
};

function failureAnswer(protocol: Protocol, failure: AwsFailure): Answer {
  if (failure === 'throttle') {
    if (protocol === 'json') return awsError(protocol, 400, 'ThrottlingException', 'Rate exceeded');
    if (protocol === 'rest-xml')
      return awsError(protocol, 503, 'SlowDown', 'Please reduce your request rate.');
    return awsError(protocol, 400, 'Throttling', 'Rate exceeded');
  }
  if (failure === 'unavailable')
    return awsError(protocol, 503, 'ServiceUnavailable', 'Service is unable to handle request.');
  return awsError(
    protocol,
    500,
    protocol === 'json' ? 'InternalFailure' : 'InternalFailure',
    'An internal error occurred.',
  );
}

/** The Query action and parameters: the form of a POST, else the query string. */
function queryParams({ req, url, body }: FakeRequest): URLSearchParams {
  const type = req.headers['content-type'] ?? '';
  if (req.method === 'POST' && type.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(body);
  }
  return url.searchParams;
}

export async function startFakeAws(options: FakeAwsOptions = {}): Promise<FakeAws> {
  const seed = options.world ?? DEFAULT_WORLD;
  const { listen, ...traffic } = fakeServer<LoggedRequest>(options);
  const failures = forcedFailures<AwsFailure>();
  let clockOffset = 0;
  const state: ServiceState = {
    world: seed(),
    tempKeys: new Map(),
    report: null,
    generating: null,
    reportPolls: options.reportPolls ?? 1,
    now: () => Date.now() + clockOffset,
  };

  /** The key's secret (and token), and who it belongs to. */
  function keyOf(accessKeyId: string): (KnownKey & { caller: Caller }) | null {
    const temp = state.tempKeys.get(accessKeyId);
    if (temp) return { ...temp, caller: { kind: 'role', name: temp.role, session: temp.session } };
    for (const user of state.world.users) {
      const key = user.accessKeys.find((k) => k.id === accessKeyId && k.active);
      if (key) return { secret: key.secret, caller: { kind: 'user', name: user.name } };
    }
    return null;
  }

  function answer(request: FakeRequest, entry: LoggedRequest): Answer {
    const { req, url, body } = request;
    const method = req.method ?? 'GET';
    const signed = checkSignature({
      method,
      target: req.url ?? '/',
      headers: req.headers,
      body,
      keys: keyOf,
      now: state.now(),
    });
    // Unsigned requests are answered as the Query services answer them.
    const claimed = /Credential=[^/]+\/\d{8}\/[^/]+\/([a-z0-9-]+)\//.exec(
      req.headers.authorization ?? '',
    )?.[1];
    const protocol = PROTOCOL[claimed ?? ''] ?? 'query-iam';
    if (isRefusal(signed)) return refusalIn(protocol, signed);
    entry.service = signed.service;
    entry.region = signed.region;
    entry.accessKeyId = signed.accessKeyId;
    const caller = keyOf(signed.accessKeyId)?.caller;
    if (!caller)
      return refusalIn(protocol, {
        status: 403,
        code: 'InvalidClientTokenId',
        message: 'The security token included in the request is invalid.',
      });
    if (signed.service === 'iam' && signed.region !== 'us-east-1') {
      return awsError(
        protocol,
        403,
        'SignatureDoesNotMatch',
        `Credential should be scoped to a valid region, not '${signed.region}'.`,
      );
    }
    const params = queryParams(request);
    const target = String(req.headers['x-amz-target'] ?? '');
    entry.action =
      protocol === 'json'
        ? (target.split('.').pop() ?? null)
        : protocol === 'rest-xml'
          ? url.pathname
          : params.get('Action');
    const failure = failures.take(`${signed.service}/${entry.action ?? ''}`);
    if (failure) return failureAnswer(protocol, failure);
    switch (signed.service) {
      case 'sts':
        return sts(state, caller, signed.accessKeyId, params.get('Action') ?? '', params);
      case 'iam':
        if (params.get('Version') !== '2010-05-08') {
          return awsError(
            protocol,
            400,
            'InvalidAction',
            `Could not find operation ${params.get('Action')} for version ${params.get('Version')}`,
          );
        }
        return iam(state, caller, params.get('Action') ?? '', params);
      case 'cloudtrail':
        return cloudTrail(state, caller, signed.region, target, body);
      case 's3':
        return s3Control(
          state,
          caller,
          method,
          url.pathname,
          req.headers['x-amz-account-id'] as string | undefined,
        );
      default:
        return awsError(
          'query-iam',
          400,
          'InvalidAction',
          `The fake does not serve ${signed.service}`,
        );
    }
  }

  const fake: Omit<FakeAws, 'url' | 'close'> = {
    ...traffic,
    world: () => state.world,
    update: (change) => change(state.world),
    dropReport: () => {
      state.report = null;
      state.generating = null;
    },
    ageReport: () => {
      if (state.report) state.report.generatedAt -= 4 * 3_600_000;
    },
    expireTemporaryKeys: () => {
      for (const key of state.tempKeys.values()) key.expiresAt = state.now() - 1;
    },
    setClockOffsetMs: (ms) => {
      clockOffset = ms;
    },
    failNext: (target, failure, o) => failures.add(target, failure, o),
    reset: () => {
      state.world = seed();
      state.tempKeys.clear();
      state.report = null;
      state.generating = null;
      clockOffset = 0;
      failures.clear();
      traffic.clearRequests();
      traffic.setLatencyMs(options.latencyMs ?? 0);
    },
  };

  const listening = await listen(options.port, {
    control: controlApi(fake),
    logEntry: (_request, logged) => ({
      ...logged,
      service: null,
      region: null,
      action: null,
      accessKeyId: null,
    }),
    answer,
    crash: (err) => {
      console.error('fake AWS:', err);
      return awsError('query-iam', 500, 'InternalFailure', 'An internal error occurred.');
    },
  });
  return { ...fake, ...listening };
}
