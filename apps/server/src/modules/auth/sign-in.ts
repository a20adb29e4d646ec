import { isConsumerEmailDomain, type SignInError, type SignInProvider } from '@castellan/contract';
import type { Db } from '../../db/client';
import {
  bindSignInProvider,
  findOrganizationByDomain,
  insertPendingOrganization,
} from '../organizations/repository';
import {
  findUserByEmail,
  findUserByIdentity,
  insertSignedInUser,
  linkIdentity,
  updateSignInProfile,
  wasRemoved,
} from '../users/repository';

/** Microsoft's tenant of personal accounts (outlook.com, hotmail.com, …). */
const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

export class SignInRefused extends Error {
  constructor(readonly reason: SignInError) {
    super(`sign-in refused: ${reason}`);
  }
}

/** What an ID token tells us about the person, checked as far as the token alone allows. */
export type ProviderIdentity = {
  provider: SignInProvider;
  subject: string;
  email: string;
  domain: string;
  firstName: string;
  lastName: string;
  pictureUrl: string | null;
  /** The provider vouches that the e-mail's domain belongs to the account's organisation. */
  domainVerified: boolean;
  /** Microsoft only: the Entra tenant of the account. */
  tenantId: string | null;
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function identityFromClaims(
  provider: SignInProvider,
  claims: Record<string, unknown>,
): ProviderIdentity {
  const email = (
    text(claims.email) || (provider === 'microsoft' ? text(claims.preferred_username) : '')
  ).toLowerCase();
  const domain = email.split('@')[1] ?? '';
  if (!/^[^@\s]+@[a-z0-9.-]+\.[a-z0-9-]+$/.test(email) || !text(claims.sub)) {
    throw new SignInRefused('no-email');
  }
  if (isConsumerEmailDomain(domain)) throw new SignInRefused('consumer-domain');

  const tenantId = provider === 'microsoft' ? text(claims.tid) || null : null;
  if (provider === 'microsoft' && (!tenantId || tenantId === MICROSOFT_CONSUMER_TENANT)) {
    throw new SignInRefused('consumer-domain');
  }
  // Google: `hd` is set only for Workspace accounts, whose domain Google has verified.
  // Microsoft: `xms_edov` (an optional claim) says the tenant has verified the e-mail's domain.
  const domainVerified =
    provider === 'google'
      ? claims.email_verified === true && text(claims.hd).toLowerCase() === domain
      : claims.xms_edov === true || claims.xms_edov === 'true';
  if (provider === 'google' && !domainVerified) throw new SignInRefused('unverified-domain');

  const [given, ...rest] = text(claims.name).split(/\s+/);
  return {
    provider,
    subject: text(claims.sub),
    email,
    domain,
    firstName: text(claims.given_name) || given || '',
    lastName: text(claims.family_name) || rest.join(' '),
    pictureUrl: /^https:\/\//.test(text(claims.picture)) ? text(claims.picture) : null,
    domainVerified,
    tenantId,
  };
}

export type SignedIn = { id: string; organizationId: string; createdOrganization: boolean };

/**
 * Finds or creates the user behind a provider identity: the linked user; else the user with that
 * e-mail (invited, or known from another provider); else a new member of the organisation of
 * that domain, unless an administrator removed them; else the first admin of a new, still
 * registering, organisation.
 */
export async function signInWithIdentity(db: Db, identity: ProviderIdentity): Promise<SignedIn> {
  return db.transaction(async (tx) => {
    const profile = {
      lastSignInAt: new Date(),
      ...(identity.pictureUrl ? { profileImageUrl: identity.pictureUrl } : {}),
    };
    const linked = await findUserByIdentity(tx, identity.provider, identity.subject);
    if (linked) {
      await updateSignInProfile(tx, linked.id, profile);
      return { ...linked, createdOrganization: false };
    }

    let organization = await findOrganizationByDomain(tx, identity.domain);
    if (identity.provider === 'microsoft') {
      const boundTenant = organization?.microsoftTenantId ?? null;
      if (boundTenant && boundTenant !== identity.tenantId)
        throw new SignInRefused('tenant-mismatch');
      if (!identity.domainVerified && boundTenant !== identity.tenantId) {
        throw new SignInRefused('unverified-domain');
      }
    }

    let createdOrganization = false;
    if (!organization) {
      organization = await insertPendingOrganization(tx, {
        domain: identity.domain,
        microsoftTenantId: identity.tenantId,
        workspace: identity.provider,
      });
      createdOrganization = true;
    } else if ((identity.tenantId && !organization.microsoftTenantId) || !organization.workspace) {
      // The first sign-in through a provider tells which office suite the organisation uses.
      await bindSignInProvider(tx, organization.id, {
        microsoftTenantId: organization.microsoftTenantId ?? identity.tenantId,
        workspace: organization.workspace ?? identity.provider,
      });
    }

    const existing = await findUserByEmail(tx, identity.email);
    let userId: string;
    if (existing) {
      if (existing.organizationId !== organization.id) throw new SignInRefused('unverified-domain');
      const names = existing.firstName
        ? {}
        : { firstName: identity.firstName, lastName: identity.lastName };
      await updateSignInProfile(tx, existing.id, { ...profile, ...names });
      userId = existing.id;
    } else {
      // Removed by an administrator: out until invited again, not a new member of the domain.
      if (!createdOrganization && (await wasRemoved(tx, organization.id, identity.email))) {
        throw new SignInRefused('removed');
      }
      userId = await insertSignedInUser(tx, {
        organizationId: organization.id,
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        role: createdOrganization ? 'admin' : 'user',
        ...profile,
      });
    }
    await linkIdentity(tx, {
      provider: identity.provider,
      subject: identity.subject,
      userId,
      organizationId: organization.id,
    });
    return { id: userId, organizationId: organization.id, createdOrganization };
  });
}
