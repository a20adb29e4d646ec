import type { BitwardenMember, BitwardenMembersResponse } from '@castellan/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { INTEGRATIONS_KEY } from '../../api';

const MEMBERS_KEY = [...INTEGRATIONS_KEY, 'bitwarden', 'members'] as const;

/** The Bitwarden members who need attention, a page at a time (GET integrations/bitwarden/members). */
export const useBitwardenMembers = () =>
  useInfiniteQuery({
    queryKey: MEMBERS_KEY,
    queryFn: async ({ pageParam, signal }): Promise<BitwardenMembersResponse | null> =>
      (await api('GET', '/integrations/bitwarden/members', {
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      })) ?? null,
    initialPageParam: null as string | null,
    getNextPageParam: (last: BitwardenMembersResponse | null) => last?.nextCursor ?? undefined,
  });

/** The members of every page fetched so far. */
export const membersOf = (pages: readonly (BitwardenMembersResponse | null)[] | undefined) =>
  (pages ?? []).flatMap((page) => page?.needAttention ?? []);

/** What a member still has to do, in a few words for the table. */
export function attentionOf(member: Pick<BitwardenMember, 'status' | 'twoStepLogin'>): string {
  switch (member.status) {
    case 'invited':
      return 'Invitation not accepted';
    case 'staged':
      return 'Not invited yet';
    case 'accepted':
      return member.twoStepLogin
        ? 'Waiting for an admin to confirm'
        : 'Waiting for an admin to confirm; two-step login off';
    default:
      return 'Two-step login off';
  }
}
