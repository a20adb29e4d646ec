import type { IntegrationAccess, ProviderId } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { ProviderCheck } from './checks';
import type { IntegrationsContext } from './context';
import type { RevokeGrant } from './grants';
import type { KeyConnect } from './key-connect';
import type { NudgeChannel } from './nudge-channel';
import type { IntegrationRow } from './repository';
import type { SuiteMembers } from './sign-in-suite';
import type { ProviderSync, SyncContext } from './sync-runner';

export type Member = { id: string; email: string };

/**
 * One provider, as the integrations module uses it: its connect and API routes, its sync steps,
 * how its facts turn into verdicts, and what its card says. Each provider folder exports one;
 * `providers.ts` lists them.
 */
export type ProviderAdapter = {
  id: ProviderId;
  /** Whether this server has a client of the provider set up. */
  configured: (config: Config) => boolean;
  /** What the card says when it has none. */
  unavailableReason: string;
  card: {
    description: string;
    /** Why a check cannot run on the account the last sync read (facts null before one), or null. */
    unavailable?: (facts: unknown, check: ProviderCheck) => string | null;
    /** A check the account's plan limits: the plan and the free alternative, or null. */
    planNote?: (facts: unknown, check: ProviderCheck) => string | null;
    /** The account's plan as the last sync read it, or null when unknown. */
    plan?: (facts: unknown) => { name: string; includes: string } | null;
  };
  /**
   * What the trust center says it reads, never reads and changes, in plain words that must stay
   * true of the code beside them.
   */
  access: Pick<IntegrationAccess, 'reads' | 'cannotRead' | 'changes'>;
  /** Each check a sync judges, and the catalogue task its verdict decides: what the card lists. */
  checks: readonly ProviderCheck[];
  /** What a person reads when a sync fails, by the kind of failure. */
  failures: ProviderSync['failures'];
  /** The sync steps: reads the provider with the stored grant; returns the facts to keep. */
  read: (ctx: SyncContext, input: Parameters<ProviderSync['read']>[0]) => Promise<object>;
  /** Records the verdicts of the last sync's facts, speaking for the sign-in of those it names. */
  judge: (
    db: Db,
    row: IntegrationRow,
    members: readonly Member[],
    speaksForSignIn: (email: string) => boolean,
  ) => Promise<void>;
  /** An office suite: it shares the members' sign-in and the stopped attacks with the others. */
  suite?: {
    workspace: 'google' | 'microsoft';
    members: (facts: unknown) => SuiteMembers;
    stoppedAttacks: (facts: unknown) => { failedLogins: number; blockedSpam: number };
    /** Lower-case e-mails of the directory's active accounts; null in facts of older syncs. */
    directory: (facts: unknown) => readonly string[] | null;
  };
  /** Gives a grant back at the provider, where it offers a way. */
  revoke?: RevokeGrant;
  /** How a key pasted in the connect form is tried (providers whose `connect` is a form). */
  keyConnect?: KeyConnect;
  /** A messaging service that carries nudges to people and the daily summary to a channel. */
  nudges?: NudgeChannel;
  /** The connect flow and the provider's own calls. */
  routes: (ctx: IntegrationsContext) => FastifyPluginAsyncZod;
};
