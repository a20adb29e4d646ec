import { isConsumerEmailDomain, type SignInError, type SignInProvider } from '@castellan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, userIdentities, users } from '../../db/schema';

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
 * that domain; else the first admin of a new, still registering, organisation.
 */
export async function signInWithIdentity(db: Db, identity: ProviderIdentity): Promise<SignedIn> {
  return db.transaction(async (tx) => {
    const profile = {
      lastSignInAt: new Date(),
      ...(identity.pictureUrl ? { profileImageUrl: identity.pictureUrl } : {}),
    };
    const [linked] = await tx
      .select({ id: users.id, organizationId: users.organizationId })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(
        and(
          eq(userIdentities.provider, identity.provider),
          eq(userIdentities.subject, identity.subject),
        ),
      )
      .limit(1);
    if (linked) {
      await tx.update(users).set(profile).where(eq(users.id, linked.id));
      return { ...linked, createdOrganization: false };
    }

    const orgColumns = {
      id: organizations.id,
      microsoftTenantId: organizations.microsoftTenantId,
      workspace: organizations.workspace,
    };
    let [organization] = await tx
      .select(orgColumns)
      .from(organizations)
      .where(eq(organizations.domain, identity.domain))
      .limit(1);
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
      [organization] = await tx
        .insert(organizations)
        .values({
          domain: identity.domain,
          status: 'PENDING',
          microsoftTenantId: identity.tenantId,
          workspace: identity.provider,
        })
        .returning(orgColumns);
      createdOrganization = true;
    } else if ((identity.tenantId && !organization.microsoftTenantId) || !organization.workspace) {
      // The first sign-in through a provider tells which office suite the organisation uses.
      await tx
        .update(organizations)
        .set({
          microsoftTenantId: organization.microsoftTenantId ?? identity.tenantId,
          workspace: organization.workspace ?? identity.provider,
        })
        .where(eq(organizations.id, organization.id));
    }
    if (!organization) throw new Error('the organisation was not created');

    const [existing] = await tx
      .select({ id: users.id, organizationId: users.organizationId, firstName: users.firstName })
      .from(users)
      .where(eq(users.email, identity.email))
      .limit(1);
    let userId: string;
    if (existing) {
      if (existing.organizationId !== organization.id) throw new SignInRefused('unverified-domain');
      const names = existing.firstName
        ? {}
        : { firstName: identity.firstName, lastName: identity.lastName };
      await tx
        .update(users)
        .set({ ...profile, ...names })
        .where(eq(users.id, existing.id));
      userId = existing.id;
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          organizationId: organization.id,
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          role: createdOrganization ? 'admin' : 'user',
          ...profile,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('the user was not created');
      userId = created.id;
    }
    await tx.insert(userIdentities).values({
      provider: identity.provider,
      subject: identity.subject,
      userId,
      organizationId: organization.id,
    });
    return { id: userId, organizationId: organization.id, createdOrganization };
  });
}
