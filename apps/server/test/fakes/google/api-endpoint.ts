import type { Answer } from '../kit/answers';
import type { FieldSchema } from './fields';
import type { Workspace } from './world-types';

export type ApiRequest = {
  query: URLSearchParams;
  /** The named groups of the endpoint's pattern. */
  params: Record<string, string>;
  world: Workspace;
  now: Date;
};

/** One Google API method the fake answers, after the bearer token and its scopes are checked. */
export type ApiEndpoint = {
  pattern: RegExp;
  /** Which family of errors it answers with (a non-admin gets a different one from each). */
  api: 'directory' | 'reports' | 'cloud';
  service: string;
  /** Any one of these scopes lets a token call it; the first is the one named on a 403. */
  scopes: readonly string[];
  /** What `fields` may select in its answer. */
  schema: FieldSchema;
  handle(req: ApiRequest): Answer;
};

export const AUTH = 'https://www.googleapis.com/auth/';
