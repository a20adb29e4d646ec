import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Who may call: anyone; anyone, with the session loaded when there is one; a signed-in user; an administrator; staff. */
export type Access = 'public' | 'session' | 'user' | 'admin' | 'staff';
export type Endpoint = {
  method: Method;
  /** Fastify-style path WITHOUT the /api prefix, e.g. '/users/:id'. */
  path: `/${string}`;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Status code → schema of the answer (204 → z.null()). */
  response: Record<number, z.ZodType>;
  /** One line for the OpenAPI document. */
  summary: string;
};
/** Declares one endpoint of the API; keeps its literal types for the server and the web client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;
