import type { MetaAccount, MetaAccountsResponse } from '@castellan/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { INTEGRATIONS_KEY } from '../../api';

const META_KEY = [...INTEGRATIONS_KEY, 'meta'] as const;
const ACCOUNTS_KEY = [...META_KEY, 'accounts'] as const;

/** The Meta business accounts, a page at a time (spec §7 GET integrations/meta/accounts). */
export const useMetaAccounts = () =>
  useInfiniteQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: async ({ pageParam, signal }): Promise<MetaAccountsResponse | null> =>
      (await api('GET', '/integrations/meta/accounts', {
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      })) ?? null,
    initialPageParam: null as string | null,
    getNextPageParam: (last: MetaAccountsResponse | null) => last?.nextCursor ?? undefined,
  });

/** The accounts of every page fetched so far. */
export const accountsOf = (pages: readonly (MetaAccountsResponse | null)[] | undefined) =>
  (pages ?? []).flatMap((page) => page?.accounts ?? []);

/** Spec §8: what the server said, else this. */
export const ENABLE_MFA_FAILED = 'Failed to enable Facebook MFA';

/** Requires two-factor authentication in one business account (spec §7 POST facebook/enable-mfa). */
export function useEnableMetaMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: MetaAccount) =>
      api('POST', '/facebook/enable-mfa', { body: { businessId: account.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: META_KEY }),
  });
}

/**
 * Spec §8: the message of a failed enable-MFA call is the server's `message` or `error` field,
 * else ENABLE_MFA_FAILED (a network failure, an answer without either field).
 */
export async function enableMfaFailure(error: unknown): Promise<string> {
  const response = (error as { response?: Response } | null)?.response;
  const body: unknown = await response
    ?.clone()
    .json()
    .catch(() => null);
  if (body && typeof body === 'object') {
    for (const field of ['message', 'error'] as const) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return ENABLE_MFA_FAILED;
}
