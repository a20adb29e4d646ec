// A session with the Graph API for one user token: every call carries the token and its
// appsecret_proof, is retried on rate limits and transient errors, and lists follow paging.next.
import { z } from 'zod';
import type { HttpClient } from '../kit/http-client';
import { pauseGate } from '../kit/pause-gate';
import { runLimited } from '../kit/run-limited';
import { appSecretProof } from './app-secret-proof';
import { MetaApiError, metaAnswerFailure } from './meta-api-error';
import { graphUrl, type MetaClientConfig, metaOrigin, type Query } from './meta-client-config';
import { DEFAULT_RETRY, metaHttp, type RetryPolicy } from './meta-http';
import type { MetaToken } from './oauth';
import { type TwoFactorType, twoFacStatusOf, twoFactorTypeOf } from './two-factor';

export type MetaBusiness = {
  id: string;
  name: string;
  /** null: a value we do not know. */
  twoFactorType: TwoFactorType | null;
  /** Business users. */
  people: number;
  /** two_fac_status we know means on. */
  peopleWithTwoFactor: number;
  /** A two_fac_status value we have not seen: counted neither way. */
  peopleTwoFactorUnknown: number;
};

export type MetaApiOptions = {
  retry?: Partial<RetryPolicy>;
  /** The organisation whose Meta calls pause together; none: this session alone does. */
  organizationId?: string;
};

const BUSINESS_FIELDS = 'id,name,two_factor_type';
const USER_FIELDS = 'id,name,email,role,two_fac_status';
const BUSINESSES_PER_PAGE = 50;
const USERS_PER_PAGE = 100;
/** Businesses whose people are read at once. */
const CONCURRENCY = 4;
const MAX_PAGES = 10_000;

const businessNode = z.object({
  id: z.coerce.string(),
  name: z.string().default(''),
  two_factor_type: z.unknown().optional(),
});
const page = z.object({
  data: z.array(z.unknown()),
  paging: z.object({ next: z.string().optional() }).optional(),
});
const success = z.object({ success: z.literal(true) });

export class MetaApi {
  readonly retry: RetryPolicy;
  readonly #http: HttpClient;

  constructor(
    readonly config: MetaClientConfig,
    readonly token: MetaToken,
    options: MetaApiOptions = {},
  ) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    const gate = options.organizationId ? pauseGate('meta', options.organizationId) : undefined;
    this.#http = metaHttp(config, this.retry, gate);
  }

  /** Every business the person can see, each with its people's two-factor counts. */
  async businesses(signal?: AbortSignal): Promise<MetaBusiness[]> {
    const nodes: z.infer<typeof businessNode>[] = [];
    const url = graphUrl(this.config, '/me/businesses', {
      fields: BUSINESS_FIELDS,
      limit: BUSINESSES_PER_PAGE,
    });
    for await (const item of this.#items('me/businesses', url, signal)) {
      nodes.push(this.#parse('me/businesses', businessNode, item));
    }
    return runLimited(nodes, CONCURRENCY, (node, s) => this.#withPeople(node, s), signal);
  }

  async business(id: string, signal?: AbortSignal): Promise<MetaBusiness> {
    const where = 'business';
    const url = graphUrl(this.config, `/${encodeURIComponent(id)}`, { fields: BUSINESS_FIELDS });
    const node = this.#parse(where, businessNode, await this.#call(where, url, {}, signal));
    return this.#withPeople(node, signal);
  }

  /**
   * Sets the business to require two-factor authentication of everyone (reference §3.5). Setting
   * a value twice does no harm, so the POST is retried like a read.
   */
  async requireTwoFactor(businessId: string, signal?: AbortSignal): Promise<void> {
    const where = 'two-factor setting';
    const url = graphUrl(this.config, `/${encodeURIComponent(businessId)}`);
    const body = await this.#call(where, url, { two_factor_type: 'all_required' }, signal);
    if (!success.safeParse(body).success) {
      throw new MetaApiError('failed', `Meta ${where}: the change was not confirmed`, {
        httpStatus: 200,
      });
    }
  }

  async #withPeople(
    node: z.infer<typeof businessNode>,
    signal?: AbortSignal,
  ): Promise<MetaBusiness> {
    const business: MetaBusiness = {
      id: node.id,
      name: node.name,
      twoFactorType: twoFactorTypeOf(node.two_factor_type),
      people: 0,
      peopleWithTwoFactor: 0,
      peopleTwoFactorUnknown: 0,
    };
    const url = graphUrl(this.config, `/${encodeURIComponent(node.id)}/business_users`, {
      fields: USER_FIELDS,
      limit: USERS_PER_PAGE,
    });
    for await (const user of this.#items('business_users', url, signal)) {
      const status = twoFacStatusOf(
        typeof user === 'object' && user !== null && 'two_fac_status' in user
          ? user.two_fac_status
          : undefined,
      );
      business.people += 1;
      if (status === 'on') business.peopleWithTwoFactor += 1;
      if (status === 'unknown') business.peopleTwoFactorUnknown += 1;
    }
    return business;
  }

  /** The items of every page of an edge, following paging.next. */
  async *#items(where: string, first: URL, signal?: AbortSignal): AsyncGenerator<unknown> {
    let url: URL | null = first;
    const seen = new Set<string>();
    for (let n = 0; url && n < MAX_PAGES; n += 1) {
      seen.add(url.toString());
      const body: z.infer<typeof page> = this.#parse(
        where,
        page,
        await this.#call(where, url, {}, signal),
      );
      yield* body.data;
      url = body.paging?.next ? this.#nextUrl(where, body.paging.next) : null;
      if (url && seen.has(url.toString())) {
        throw new MetaApiError('failed', `Meta ${where}: Meta repeated a page`, {
          httpStatus: 200,
        });
      }
    }
    if (url) {
      throw new MetaApiError('failed', `Meta ${where}: more than ${MAX_PAGES} pages`, {
        httpStatus: 200,
      });
    }
  }

  /**
   * paging.next as a URL we send our token to: only on the Graph origin, and without any token
   * Meta put in it (ours goes in a header).
   */
  #nextUrl(where: string, next: string): URL {
    const url = URL.canParse(next) ? new URL(next) : null;
    if (!url || url.origin !== metaOrigin(this.config, 'graph')) {
      throw new MetaApiError('failed', `Meta ${where}: paging.next leaves the Graph API`, {
        httpStatus: 200,
      });
    }
    url.searchParams.delete('access_token');
    url.searchParams.delete('appsecret_proof');
    return url;
  }

  /** GET `url`, or POST `form` to it when the form has fields. */
  async #call(where: string, url: URL, form: Query, signal?: AbortSignal): Promise<unknown> {
    const { accessToken, expiresAt } = this.token;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new MetaApiError('invalid_token', 'Meta access token has expired', {
        httpStatus: null,
      });
    }
    const proof = appSecretProof(this.config.appSecret, accessToken);
    const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
    const fields = Object.entries(form).filter(([, v]) => v !== undefined);
    const init: RequestInit =
      fields.length === 0
        ? { headers }
        : {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams([
              ...fields.map(([k, v]): [string, string] => [k, String(v)]),
              ['appsecret_proof', proof],
            ]),
          };
    const target = new URL(url);
    if (fields.length === 0) target.searchParams.set('appsecret_proof', proof);
    return this.#http.send(`Meta ${where}`, target, init, metaAnswerFailure, { signal });
  }

  #parse<T>(where: string, schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new MetaApiError('failed', `Meta ${where}: unexpected answer`, { httpStatus: 200 });
    }
    return parsed.data;
  }
}
