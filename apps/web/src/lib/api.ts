import type { endpoints } from '@castellan/contract';
import type { QueryFunctionContext } from '@tanstack/react-query';
import type { ResponsePromise } from 'ky';
import type { z } from 'zod';
import { type DeleteOutcome, deleteOutcome, type HttpContext, jsonOrNothing } from './create-http';
import { http } from './http';

/**
 * The one typed way to call the API. Every type comes from the contract's endpoint declarations
 * (a type-only import: no zod reaches the page), so a method and path that are not declared, a
 * missing parameter or a wrong body is a compile error, and the answer has the declared shape.
 */
type Endpoint = (typeof endpoints)[keyof typeof endpoints];
type Method = Endpoint['method'];

/** The declared paths for a method, e.g. `ApiPath<'DELETE'>` includes '/users/:id'. */
export type ApiPath<M extends Method> = Extract<Endpoint, { method: M }>['path'];
type At<M extends Method, P> = Extract<Endpoint, { method: M; path: P }>;

type ParamNames<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type Params<E> = E extends { path: infer P }
  ? [ParamNames<P>] extends [never]
    ? { params?: never }
    : { params: Record<ParamNames<P>, string> }
  : never;
type Body<E> = E extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : { body?: never };
type Query<E> = E extends { query: infer Q extends z.ZodType }
  ? { query?: z.input<Q> }
  : { query?: never };

// One distribution over the endpoints, not the cross product of the three parts' unions (which
// outgrows what TypeScript can represent as endpoints are added).
type InputOf<E> = E extends unknown ? Params<E> & Body<E> & Query<E> : never;
export type ApiInput<M extends Method, P> = InputOf<At<M, P>> & {
  signal?: AbortSignal;
  context?: HttpContext;
};

type SuccessSchema<R> = R[Extract<keyof R, 200 | 201 | 202>];
/** What a declared call answers with (its 2xx schema's output). */
export type ApiAnswer<M extends Method, P> = z.output<SuccessSchema<At<M, P>['response']>>;

/** Optional arguments when the endpoint declares no params and no body. */
type Args<M extends Method, P> =
  object extends ApiInput<M, P> ? [input?: ApiInput<M, P>] : [input: ApiInput<M, P>];

function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path
    .slice(1)
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
}

type RawInput = {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  signal?: AbortSignal;
  context?: HttpContext;
};

function sendRaw(method: Method, path: string, input: RawInput = {}): ResponsePromise {
  const { params, body, query, signal, context } = input;
  return http(fillPath(path, params), {
    method,
    signal,
    context,
    ...(body === undefined ? {} : { json: body }),
    ...(query === undefined ? {} : { searchParams: query }),
  });
}

/** Sends a declared call through the HTTP client (its retries, 401 and content-type rules). */
export const send = <M extends Method, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[input]: Args<M, P>
): ResponsePromise => sendRaw(method, path, input as RawInput | undefined);

/** The answer of a declared call, or undefined when the server answered without content (429). */
export const api = <M extends Method, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[input]: Args<M, P>
): Promise<ApiAnswer<M, P> | undefined> =>
  jsonOrNothing<ApiAnswer<M, P>>(sendRaw(method, path, input as RawInput | undefined));

/** A DELETE whose retry finding the thing gone counts as done (see `deleteOutcome`). */
export const apiDelete = <P extends ApiPath<'DELETE'>>(
  path: P,
  ...[input]: Args<'DELETE', P>
): Promise<DeleteOutcome> => deleteOutcome(sendRaw('DELETE', path, input as RawInput | undefined));

/**
 * A TanStack query function for a declared GET. When the server answers without content (a 429
 * that outlasted the retries) the query keeps what it already had, or null until fetched again.
 */
export const apiQuery =
  <P extends ApiPath<'GET'>>(path: P, input?: Params<At<'GET', P>> & Query<At<'GET', P>>) =>
  async ({
    client,
    queryKey,
    signal,
  }: QueryFunctionContext): Promise<ApiAnswer<'GET', P> | null> => {
    type Answer = ApiAnswer<'GET', P>;
    const request = sendRaw('GET', path, { ...(input as RawInput | undefined), signal });
    return (await jsonOrNothing<Answer>(request)) ?? client.getQueryData<Answer>(queryKey) ?? null;
  };
