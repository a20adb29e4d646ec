import type { PartnerLink } from '@castellan/contract';
import { PARTNER_ROLE_NAMES, PARTNER_ROLES } from '@castellan/contract/partner-rules';
import { formatDate } from '../../lib/format-date';

/** The roles as a NativeSelect's options, in the contract's order. */
export const ROLE_OPTIONS = PARTNER_ROLES.map((role) => ({
  value: role,
  label: PARTNER_ROLE_NAMES[role],
}));

/** Where a link stands, as the client's administrators read it. */
export function linkStateWords(link: PartnerLink): string {
  switch (link.state) {
    case 'invited':
      return `Invited ${formatDate(link.invitedAt)}, waiting for them to accept`;
    case 'active':
      return `Active since ${formatDate(link.acceptedAt ?? link.invitedAt)}`;
    case 'ended':
      return `Ended ${formatDate(link.endedAt ?? link.acceptedAt ?? link.invitedAt)}`;
  }
}

export const invitedByWords = (link: PartnerLink) =>
  `Invited by ${link.invitedBy ?? 'a former administrator'}`;

/** Links still in force (invited or active) first, the ended ones after, each in the server's order. */
export const currentFirst = (links: PartnerLink[]) => [
  ...links.filter((link) => link.state !== 'ended'),
  ...links.filter((link) => link.state === 'ended'),
];
