import type { NudgeSettings, OrganizationMailSettings, SignInProvider } from '@castellan/contract';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';

/** Every query of the organisations. */

export async function findOrganization(db: Db, organizationId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      domain: organizations.domain,
      status: organizations.status,
      failedLogins: organizations.failedLogins,
      blockedSpam: organizations.blockedSpam,
      workspace: organizations.workspace,
      microsoftTenantId: organizations.microsoftTenantId,
      createdAt: organizations.createdAt,
      updatedAt: organizations.updatedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}

/** Removes the organisation; its users, sessions and every other row of it go with it (cascade). */
export async function deleteOrganization(db: Db, organizationId: string): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, organizationId));
}

/** PENDING → REGISTERED; false when the organisation was not pending (already registered). */
export async function markRegistered(db: Db, organizationId: string): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set({ status: 'REGISTERED' })
    .where(and(eq(organizations.id, organizationId), eq(organizations.status, 'PENDING')))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/**
 * Takes the organisation's row lock until the transaction ends, so that changes to its members
 * (who is admin, who is left) happen one after the other and each sees the previous one.
 * NO KEY UPDATE still lets other transactions insert rows that reference the organisation.
 */
export async function lockOrganization(db: Db, organizationId: string): Promise<void> {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
}

/** Records which integrations the organisation has connected now (see `connectedIntegrations`). */
export async function setConnectedIntegrations(
  db: Db,
  organizationId: string,
  integrationIds: readonly string[],
): Promise<void> {
  await db
    .update(organizations)
    .set({ connectedIntegrations: [...integrationIds].sort() })
    .where(eq(organizations.id, organizationId));
}

/**
 * What decides which catalogue tasks an organisation has: the office suite it works in (once a
 * sign-in told) and the integrations it has connected (whatever their status now).
 */
export async function findCatalogueScope(
  db: Db,
  organizationId: string,
): Promise<{ workspace: SignInProvider | null; connected: string[] }> {
  const [row] = await db
    .select({
      workspace: organizations.workspace,
      connected: organizations.connectedIntegrations,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { workspace: row?.workspace ?? null, connected: row?.connected ?? [] };
}

export async function listOrganizationIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations);
  return rows.map((r) => r.id);
}

/** The organisations the demo-data seed made up. */
export async function listDemoOrganizations(
  db: Db,
): Promise<{ id: string; domain: string; status: 'PENDING' | 'REGISTERED' }[]> {
  return db
    .select({ id: organizations.id, domain: organizations.domain, status: organizations.status })
    .from(organizations)
    .where(eq(organizations.isDemo, true));
}

// Billing: the organisation's Stripe customer and the status of its subscription.

export async function findBillingState(db: Db, organizationId: string) {
  const [row] = await db
    .select({
      domain: organizations.domain,
      stripeCustomerId: organizations.stripeCustomerId,
      subscriptionStatus: organizations.subscriptionStatus,
      subscriptionUpdatedAt: organizations.subscriptionUpdatedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}

/**
 * Records the Stripe customer unless the organisation has one already; returns the one stored
 * (whichever of two concurrent first visits wrote first).
 */
export async function keepStripeCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
): Promise<string | null> {
  await db
    .update(organizations)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(organizations.id, organizationId), isNull(organizations.stripeCustomerId)));
  return (await findBillingState(db, organizationId))?.stripeCustomerId ?? null;
}

export async function findOrganizationIdByStripeCustomer(
  db: Db,
  customerId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.stripeCustomerId, customerId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Sets the subscription status Stripe reported at `at`, unless a status reported later is
 * already stored (events arrive out of order); false when it was older.
 */
export async function setSubscriptionStatus(
  db: Db,
  organizationId: string,
  status: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set({ subscriptionStatus: status, subscriptionUpdatedAt: at })
    .where(
      and(
        eq(organizations.id, organizationId),
        or(
          isNull(organizations.subscriptionUpdatedAt),
          lte(organizations.subscriptionUpdatedAt, at),
        ),
      ),
    )
    .returning({ id: organizations.id });
  return rows.length > 0;
}

// Sign-in: the organisation of an e-mail's domain, created by its first user.

const signInColumns = {
  id: organizations.id,
  status: organizations.status,
  microsoftTenantId: organizations.microsoftTenantId,
  workspace: organizations.workspace,
};

export async function findOrganizationByDomain(db: Db, domain: string) {
  const [row] = await db
    .select(signInColumns)
    .from(organizations)
    .where(eq(organizations.domain, domain))
    .limit(1);
  return row ?? null;
}

/** A new organisation, still registering, founded by the first sign-in of its domain. */
export async function insertPendingOrganization(
  db: Db,
  input: { domain: string; microsoftTenantId: string | null; workspace: SignInProvider },
) {
  const [row] = await db
    .insert(organizations)
    .values({ ...input, status: 'PENDING' })
    .returning(signInColumns);
  if (!row) throw new Error('the organisation was not created');
  return row;
}

/** Records the Microsoft tenant and the office suite a sign-in revealed. */
export async function bindSignInProvider(
  db: Db,
  organizationId: string,
  binding: { microsoftTenantId: string | null; workspace: SignInProvider },
): Promise<void> {
  await db.update(organizations).set(binding).where(eq(organizations.id, organizationId));
}

/** The attacks the organisation's providers stopped, as its integrations last counted them. */
export async function setStoppedAttacks(
  db: Db,
  organizationId: string,
  counts: { failedLogins: number; blockedSpam: number },
): Promise<void> {
  await db.update(organizations).set(counts).where(eq(organizations.id, organizationId));
}

/** The organisation's trusted domains, and what their checks need to know of it. */
export async function findTrustedDomains(db: Db, organizationId: string) {
  const [row] = await db
    .select({
      domain: organizations.domain,
      isDemo: organizations.isDemo,
      trustedDomains: organizations.trustedDomains,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}

export async function saveTrustedDomains(
  db: Db,
  organizationId: string,
  trustedDomains: string[],
): Promise<void> {
  await db
    .update(organizations)
    .set({ trustedDomains })
    .where(eq(organizations.id, organizationId));
}

/** Which mail the organisation sends (its administrators switch each kind). */
const mailSettingsColumns = {
  invitations: organizations.mailInvitations,
  reminders: organizations.mailReminders,
  digest: organizations.mailDigest,
  integrationAlerts: organizations.mailIntegrationAlerts,
};

export async function findOrganizationMail(
  db: Db,
  organizationId: string,
): Promise<(OrganizationMailSettings & { domain: string }) | null> {
  const [row] = await db
    .select({ ...mailSettingsColumns, domain: organizations.domain })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}

export async function updateOrganizationMail(
  db: Db,
  organizationId: string,
  settings: OrganizationMailSettings,
): Promise<void> {
  await db
    .update(organizations)
    .set({
      mailInvitations: settings.invitations,
      mailReminders: settings.reminders,
      mailDigest: settings.digest,
      mailIntegrationAlerts: settings.integrationAlerts,
    })
    .where(eq(organizations.id, organizationId));
}

/** Every organisation with its switches (the weekly job goes through them). */
export const listOrganizationsMail = (db: Db) =>
  db
    .select({ id: organizations.id, domain: organizations.domain, ...mailSettingsColumns })
    .from(organizations);

export async function findNudgeSettings(
  db: Db,
  organizationId: string,
): Promise<NudgeSettings | null> {
  const [row] = await db
    .select({ enabled: organizations.nudgesEnabled, channel: organizations.nudgeChannel })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}

export async function updateNudgeSettings(
  db: Db,
  organizationId: string,
  settings: NudgeSettings,
): Promise<void> {
  await db
    .update(organizations)
    .set({ nudgesEnabled: settings.enabled, nudgeChannel: settings.channel })
    .where(eq(organizations.id, organizationId));
}

/** The organisations that nudge, with their channel. */
/** The organisations that nudge (or only the one given, if it does). */
export const listNudgingOrganizations = (db: Db, onlyId?: string) =>
  db
    .select({
      id: organizations.id,
      domain: organizations.domain,
      channel: organizations.nudgeChannel,
    })
    .from(organizations)
    .where(
      and(
        eq(organizations.nudgesEnabled, true),
        onlyId === undefined ? undefined : eq(organizations.id, onlyId),
      ),
    );
