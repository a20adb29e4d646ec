import type { Access, Endpoint } from '@castellan/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin, requireStaff } from './access';
import { sessionOf } from './plugin';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The Fastify schema of a declared endpoint, for the type provider to infer the handler from. */
type SchemaOf<E extends Endpoint> = {
  params: E extends { params: infer P } ? P : undefined;
  querystring: E extends { query: infer Q } ? Q : undefined;
  body: E extends { body: infer B } ? B : undefined;
  response: E['response'];
};

export type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its declaration: its rate limit. */
export type RouteExtras = { config?: FastifyContextConfig };

type AccessHooks = {
  onRequest?: onRequestAsyncHookHandler;
  preHandler?: preHandlerAsyncHookHandler;
};

/**
 * The hooks enforcing an endpoint's access. Roles are checked in preHandler, after validation,
 * so that a malformed request is a 400 for everyone.
 */
function accessHooks(app: ZodApp, access: Access): AccessHooks {
  switch (access) {
    case 'public':
      return {};
    case 'session':
      return { onRequest: app.loadUser };
    case 'user':
      return { onRequest: app.requireUser };
    case 'admin':
      return {
        onRequest: app.requireUser,
        preHandler: async (request: FastifyRequest) => requireAdmin(sessionOf(request)),
      };
    case 'staff':
      return {
        onRequest: app.requireUser,
        preHandler: async (request: FastifyRequest) => requireStaff(sessionOf(request)),
      };
  }
}

/** Registers a declared endpoint: its method, path, schemas, summary and access come from `e`. */
export function route<E extends Endpoint>(app: ZodApp, e: E, handler: Handler<E>): void;
export function route<E extends Endpoint>(
  app: ZodApp,
  e: E,
  extras: RouteExtras,
  handler: Handler<E>,
): void;
export function route<E extends Endpoint>(
  app: ZodApp,
  e: E,
  extrasOrHandler: RouteExtras | Handler<E>,
  lastHandler?: Handler<E>,
): void {
  const [extras, handler] =
    typeof extrasOrHandler === 'function'
      ? [{}, extrasOrHandler]
      : [extrasOrHandler, lastHandler as Handler<E>];
  app.route({
    method: e.method,
    url: e.path,
    schema: {
      summary: e.summary,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: e.response,
    },
    ...extras,
    ...accessHooks(app, e.access),
    // The declaration and the handler's type come from the same `E`; Fastify cannot see that.
    handler: handler as RouteHandlerMethod,
  });
}
