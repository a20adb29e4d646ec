// Calls to AWS with one set of credentials, in the three protocols Castellan needs: AWS Query (STS,
// IAM: a form POST answered in XML), JSON 1.1 (CloudTrail: X-Amz-Target) and REST-XML (S3 Control).

import { type AwsCredentials, signRequest } from '../../../lib/sigv4';
import { pauseGate } from '../kit/pause-gate';
import { AwsApiError } from './aws-api-error';
import {
  type AwsClientConfig,
  type AwsService,
  awsUrl,
  DEFAULT_TIMEOUT_MS,
  signingOf,
} from './aws-endpoints';
import { type AwsHttp, awsHttp, DEFAULT_RETRY, type RetryPolicy } from './aws-http';
import { parseXml, type XmlElement, XmlError } from './xml';

export type AwsSessionOptions = {
  retry?: Partial<RetryPolicy>;
  /** The organisation whose AWS calls pause together; none: this session alone does. */
  organizationId?: string;
  /** The clock signatures are made with (tests). */
  now?: () => Date;
};

const QUERY_VERSIONS = { iam: '2010-05-08', sts: '2011-06-15' } as const;
const CLOUDTRAIL_TARGET = 'CloudTrail_20131101';

export class AwsSession {
  readonly #http: AwsHttp;
  readonly #now: () => Date;

  constructor(
    readonly config: AwsClientConfig,
    readonly credentials: AwsCredentials,
    options: AwsSessionOptions = {},
  ) {
    this.#now = options.now ?? (() => new Date());
    this.#http = awsHttp({
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      gate: options.organizationId ? pauseGate('aws', options.organizationId) : undefined,
    });
  }

  /** The same calls with other credentials (after AssumeRole). */
  with(credentials: AwsCredentials, options: AwsSessionOptions = {}): AwsSession {
    return new AwsSession(this.config, credentials, { now: this.#now, ...options });
  }

  /** An AWS Query action; its `<{Action}Result>` element. */
  async query(
    service: 'iam' | 'sts',
    action: string,
    params: Record<string, string | undefined> = {},
    signal?: AbortSignal,
  ): Promise<XmlElement> {
    const where = `AWS ${service.toUpperCase()} ${action}`;
    const form = new URLSearchParams({ Action: action, Version: QUERY_VERSIONS[service] });
    for (const [k, v] of Object.entries(params)) if (v !== undefined) form.set(k, v);
    const body = form.toString();
    const text = await this.#send(
      where,
      service,
      'POST',
      '/',
      body,
      {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      },
      signal,
    );
    const root = this.#xml(where, text);
    const result = root.children.find((c) => c.name === `${action}Result`);
    if (root.name !== `${action}Response`) throw unexpected(where, `a <${root.name}> answer`);
    // An action without output (none used here) answers only ResponseMetadata.
    return result ?? { name: `${action}Result`, children: [], text: '' };
  }

  /** A CloudTrail JSON 1.1 operation; the answer's JSON. */
  async cloudTrail(operation: string, input: object, signal?: AbortSignal): Promise<unknown> {
    const where = `AWS CloudTrail ${operation}`;
    const text = await this.#send(
      where,
      'cloudtrail',
      'POST',
      '/',
      JSON.stringify(input),
      {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `${CLOUDTRAIL_TARGET}.${operation}`,
      },
      signal,
    );
    try {
      return JSON.parse(text || '{}');
    } catch {
      throw unexpected(where, 'an answer that is not JSON');
    }
  }

  /** An S3 Control GET of the account's `path`; the answer's root element. */
  async s3Control(path: string, accountId: string, signal?: AbortSignal): Promise<XmlElement> {
    const where = `AWS S3 Control ${path.split('/').pop()}`;
    const text = await this.#send(
      where,
      's3-control',
      'GET',
      path,
      '',
      {
        'x-amz-account-id': accountId,
      },
      signal,
      accountId,
    );
    return this.#xml(where, text);
  }

  #send(
    where: string,
    service: AwsService,
    method: string,
    path: string,
    body: string,
    headers: Record<string, string>,
    signal?: AbortSignal,
    accountId?: string,
  ): Promise<string> {
    const url = awsUrl(this.config, service, path, accountId);
    const signing = signingOf(service, this.config.region);
    return this.#http.send(
      where,
      () => ({
        url,
        init: {
          method,
          headers: signRequest({
            method,
            url,
            headers,
            body,
            ...signing,
            credentials: this.credentials,
            now: this.#now(),
          }),
          ...(method === 'GET' ? {} : { body }),
        },
      }),
      signal,
    );
  }

  #xml(where: string, text: string): XmlElement {
    try {
      return parseXml(text);
    } catch (err) {
      if (err instanceof XmlError)
        throw unexpected(where, `XML that does not parse (${err.message})`);
      throw err;
    }
  }
}

export const unexpected = (where: string, what: string) =>
  new AwsApiError('failed', `${where}: unexpected answer, ${what}`, 200);
