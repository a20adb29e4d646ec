import { isProductDomain } from '@castellan/contract';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { deleteOrganization, markRegistered } from './repository';

type Organization = { id: string; domain: string };

/**
 * Deletes the organisation with everything in it; the audit record outlives it. Only
 * organisations on the product's own domain (staff and sandbox ones) can be deleted this way.
 */
export async function deleteOrganizationBy(
  db: Db,
  actor: AuditActor,
  organization: Organization,
  options: { productDomain: string; details: Record<string, unknown> },
): Promise<void> {
  if (!isProductDomain(organization.domain, options.productDomain)) {
    throw new ForbiddenError(
      `Only organisations on ${options.productDomain} can be deleted from the app.`,
    );
  }
  await db.transaction(async (tx) => {
    await deleteOrganization(tx, organization.id);
    await recordAuditEvent(tx, {
      action: 'organization.deleted',
      organizationId: organization.id,
      actor,
      details: { ...options.details, domain: organization.domain },
    });
  });
}

const ALREADY_REGISTERED = 'Your organisation is already registered.';

/** Marks a registering organisation registered, once. */
export async function completeRegistration(
  db: Db,
  actor: AuditActor,
  organization: Organization & { status: 'PENDING' | 'REGISTERED' },
  details: Record<string, unknown>,
): Promise<void> {
  if (organization.status !== 'PENDING') throw new ConflictError(ALREADY_REGISTERED);
  await db.transaction(async (tx) => {
    if (!(await markRegistered(tx, organization.id))) throw new ConflictError(ALREADY_REGISTERED);
    await recordAuditEvent(tx, {
      action: 'organization.registered',
      organizationId: organization.id,
      actor,
      details: { ...details, domain: organization.domain },
    });
  });
}
