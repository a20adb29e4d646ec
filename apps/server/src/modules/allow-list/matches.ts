import { type ExternalShare, parsePublicDomain } from '@castellan/contract';

/** The approved allow-list entries of an organisation, values as the contract normalises them. */
export type ApprovedEntries = {
  users: ReadonlySet<string>;
  domains: ReadonlySet<string>;
  files: ReadonlySet<string>;
};

/** Lower-case punycode, as the allow-list stores domains; what does not parse cannot match. */
function normalDomain(domain: string): string | null {
  const parsed = parsePublicDomain(domain, { allowReserved: true });
  return parsed.ok ? parsed.domain : null;
}

/** The outside domain a share reaches: its user's e-mail domain, or its domain; null for 'anyone'. */
function audienceDomain(share: Pick<ExternalShare, 'sharedWith'>): string | null {
  const target = share.sharedWith;
  switch (target.type) {
    case 'anyone':
      return null;
    case 'user': {
      const email = target.email.trim().toLowerCase();
      return normalDomain(email.slice(email.lastIndexOf('@') + 1));
    }
    case 'domain':
      return normalDomain(target.domain);
  }
}

/**
 * True when the share reaches only one of the organisation's trusted domains, which count as
 * internal: such a share is not external at all. Like an allow-list domain, a trusted domain
 * covers exactly that domain.
 */
export function isWithTrustedDomain(
  share: Pick<ExternalShare, 'sharedWith'>,
  trustedDomains: ReadonlySet<string>,
): boolean {
  const domain = audienceDomain(share);
  return domain !== null && trustedDomains.has(domain);
}

/**
 * True when an approved entry covers the share: its file id, the outside user it is shared with
 * (or that user's domain), or the outside domain. 'anyone' shares are covered only by their file
 * id.
 *
 * A domain covers exactly that domain, not its subdomains: approving `partner.com` does not
 * allow `mail.partner.com`. Nothing stops an administrator from approving a shared parent
 * (`co.uk`, `github.io`, a hosting provider's domain) whose subdomains belong to strangers, and
 * a share flagged by mistake costs one more entry, while one allowed by mistake goes unseen.
 */
export function isAllowed(
  share: Pick<ExternalShare, 'fileId' | 'sharedWith'>,
  approved: ApprovedEntries,
): boolean {
  if (approved.files.has(share.fileId)) return true;
  const target = share.sharedWith;
  if (target.type === 'user' && approved.users.has(target.email.trim().toLowerCase())) return true;
  const domain = audienceDomain(share);
  return domain !== null && approved.domains.has(domain);
}
