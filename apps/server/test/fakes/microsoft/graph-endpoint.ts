import type { Answer } from '../kit/answers';
import type { Tenant } from './tenant';

export const GRAPH = 'https://graph.microsoft.com/';

export type GraphRequest = {
  url: URL;
  /** The fake's own origin, for absolute next links. */
  origin: string;
  tenant: Tenant;
  params: Record<string, string>;
  now: Date;
};

/** One Graph method the fake answers, after the bearer token is checked. */
export type GraphEndpoint = {
  /** Matched against the decoded path. */
  pattern: RegExp;
  /** The token needs one scope of each list (full names), else 403 Authorization_RequestDenied. */
  scopes(req: GraphRequest): readonly (readonly string[])[];
  /** Entra ID P1 needed for this request, else 403 Authentication_RequestFromNonPremium…. */
  premium(req: GraphRequest): boolean;
  handle(req: GraphRequest): Answer;
};

export const graphScope = (short: string) => `${GRAPH}${short}`;
