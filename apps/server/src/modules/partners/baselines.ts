// Baselines: settings a partner defines once and applies to chosen clients. Applying writes each
// setting into the client through the module that owns it, as the client's administrators would
// (audited in the client's log as the partner's person, with the partner named), and keeps a
// record of what was set, which the client's administrators see. Nothing stays tied to the
// baseline: a client changes any of it as usual, and editing the baseline changes no client.
import {
  type ApplyBaselineResponse,
  BASELINE_LIMITS,
  type Baseline,
  type BaselineApplication,
  type BaselineRequest,
  type BaselineSettings,
  isConsumerEmailDomain,
  parsePublicDomain,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { approveListedApps } from '../connected-apps/service';
import { setWeeklyReminders } from '../mail/settings';
import { setNudgesEnabled } from '../nudges/settings';
import { CATALOGUE, catalogueById } from '../tasks/catalogue';
import { applyTaskSettings } from '../tasks/change-task-state';
import { replaceTrustedDomains, trustedDomainsOf } from '../trusted-domains/service';
import {
  deleteBaselineRow,
  insertApplication,
  insertBaseline,
  listApplications,
  listBaselineRows,
  listLastApplications,
  listLiveClients,
  updateBaselineRow,
} from './repository';

/** The partner's own organisation and the person acting for it. */
export type BaselineCaller = { organizationId: string; domain: string; actor: AuditActor };

/** The tasks a baseline can name, in the catalogue's order. */
const TASK_CHOICES = CATALOGUE.map((t) => ({ id: t.id, title: t.title, scope: t.scope }));

/** The settings with duplicates gone and every name checked; 400 with the first problem. */
function checked(settings: BaselineSettings): BaselineSettings {
  const unknown = [
    ...settings.notApplicable.map((n) => n.catalogueId),
    ...settings.escalationOff,
  ].find((id) => !catalogueById.has(id));
  if (unknown) throw new BadRequestError(`There is no task ${unknown} in the catalogue.`);
  const domains = settings.trustedDomains.map((entry) => {
    const parsed = parsePublicDomain(entry, { allowReserved: true, pasted: true });
    if (!parsed.ok) throw new BadRequestError(`Trusted domains: ${parsed.error}`);
    if (isConsumerEmailDomain(parsed.domain)) {
      throw new BadRequestError(
        `Trusted domains: ${parsed.domain} is a consumer mail service, which anyone can use.`,
      );
    }
    return parsed.domain;
  });
  const once = <T>(items: readonly T[], key: (item: T) => string) => [
    ...new Map(items.map((item) => [key(item), item])).values(),
  ];
  return {
    notApplicable: once(settings.notApplicable, (n) => n.catalogueId).map((n) => ({
      catalogueId: n.catalogueId,
      reason: n.reason.trim(),
    })),
    weeklyReminders: settings.weeklyReminders,
    nudges: settings.nudges,
    escalationOff: [...new Set(settings.escalationOff)],
    trustedDomains: [...new Set(domains)].sort(),
    approvedApps: once(settings.approvedApps, (a) => `${a.suite} ${a.clientId}`),
  };
}

async function baselinesOf(db: Db, partnerOrganizationId: string): Promise<Baseline[]> {
  const [rows, applied] = await Promise.all([
    listBaselineRows(db, partnerOrganizationId),
    listLastApplications(db, partnerOrganizationId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    settings: row.settings,
    updatedAt: row.updatedAt.toISOString(),
    appliedTo: applied
      .filter((a) => a.baselineId === row.id)
      .map((a) => ({ domain: a.domain, at: a.at.toISOString() })),
  }));
}

export async function listBaselines(db: Db, partnerOrganizationId: string) {
  return { baselines: await baselinesOf(db, partnerOrganizationId), tasks: TASK_CHOICES };
}

async function baselineOf(db: Db, partnerOrganizationId: string, id: string) {
  const found = (await baselinesOf(db, partnerOrganizationId)).find((b) => b.id === id);
  if (!found) throw new NotFoundError('There is no such baseline.');
  return found;
}

const sameName = (name: string) => new ConflictError(`You already have a baseline called ${name}.`);

export async function createBaseline(
  db: Db,
  caller: BaselineCaller,
  request: BaselineRequest,
): Promise<Baseline> {
  const existing = await listBaselineRows(db, caller.organizationId);
  if (existing.length >= BASELINE_LIMITS.baselines) {
    throw new BadRequestError(`Keep at most ${BASELINE_LIMITS.baselines} baselines.`);
  }
  const id = await insertBaseline(db, {
    partnerOrganizationId: caller.organizationId,
    name: request.name,
    settings: checked(request.settings),
  });
  if (!id) throw sameName(request.name);
  await recordAuditEvent(db, {
    action: 'partner.baseline_created',
    organizationId: caller.organizationId,
    actor: caller.actor,
    details: { baseline: request.name },
  });
  return baselineOf(db, caller.organizationId, id);
}

export async function updateBaseline(
  db: Db,
  caller: BaselineCaller,
  id: string,
  request: BaselineRequest,
): Promise<Baseline> {
  const updated = await updateBaselineRow(db, caller.organizationId, id, {
    name: request.name,
    settings: checked(request.settings),
  });
  if (updated === 'missing') throw new NotFoundError('There is no such baseline.');
  if (updated === 'name taken') throw sameName(request.name);
  await recordAuditEvent(db, {
    action: 'partner.baseline_changed',
    organizationId: caller.organizationId,
    actor: caller.actor,
    details: { baseline: request.name },
  });
  return baselineOf(db, caller.organizationId, id);
}

export async function deleteBaseline(db: Db, caller: BaselineCaller, id: string): Promise<void> {
  const name = await deleteBaselineRow(db, caller.organizationId, id);
  if (name === null) throw new NotFoundError('There is no such baseline.');
  await recordAuditEvent(db, {
    action: 'partner.baseline_deleted',
    organizationId: caller.organizationId,
    actor: caller.actor,
    details: { baseline: name },
  });
}

/** Writes the settings into one client, trusted domains first: their check may refuse the client. */
async function applyTo(
  db: Db,
  client: { organizationId: string },
  actor: AuditActor,
  baselineName: string,
  settings: BaselineSettings,
) {
  const { organizationId } = client;
  if (settings.trustedDomains.length > 0) {
    const current = await trustedDomainsOf(db, organizationId);
    await replaceTrustedDomains(db, { organizationId, actor }, [
      ...current,
      ...settings.trustedDomains,
    ]);
  }
  await applyTaskSettings(db, organizationId, { id: actor.id, audit: actor }, settings);
  if (settings.weeklyReminders !== null) {
    await setWeeklyReminders(db, organizationId, settings.weeklyReminders);
  }
  if (settings.nudges !== null) await setNudgesEnabled(db, organizationId, settings.nudges);
  if (settings.approvedApps.length > 0) {
    await approveListedApps(
      db,
      { organizationId, actor },
      settings.approvedApps,
      `Approved by the baseline ${baselineName}`,
    );
  }
}

/**
 * Applies a baseline to each chosen client the partner administers; a read-only link, a link
 * that ended or a client's refusal (a trusted domain that is its own) is that client's result,
 * and the others still apply.
 */
export async function applyBaseline(
  db: Db,
  caller: BaselineCaller,
  id: string,
  linkIds: readonly string[],
): Promise<ApplyBaselineResponse & { organizationIds: string[] }> {
  const baseline = await baselineOf(db, caller.organizationId, id);
  const clients = new Map(
    (await listLiveClients(db, caller.organizationId)).map((c) => [c.linkId, c]),
  );
  const results: ApplyBaselineResponse['results'] = [];
  /** The clients it applied to. */
  const organizationIds: string[] = [];
  for (const linkId of [...new Set(linkIds)]) {
    const client = clients.get(linkId);
    const result = { linkId, domain: client?.domain ?? null };
    if (!client) {
      results.push({ ...result, error: 'There is no such client.' });
      continue;
    }
    if (client.role !== 'admin') {
      results.push({
        ...result,
        error: `Your access to ${client.domain} is read-only: its administrators can change this.`,
      });
      continue;
    }
    const actor: AuditActor = { ...caller.actor, partner: caller.domain };
    try {
      // One client's settings land together or not at all.
      await db.transaction(async (tx) => {
        await applyTo(tx, client, actor, baseline.name, baseline.settings);
        await insertApplication(tx, {
          clientOrganizationId: client.organizationId,
          baselineId: baseline.id,
          linkId,
          baselineName: baseline.name,
          settings: baseline.settings,
          appliedById: caller.actor.id,
        });
        await recordAuditEvent(tx, {
          action: 'partner.baseline_applied',
          organizationId: client.organizationId,
          actor,
          details: { baseline: baseline.name },
        });
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ ...result, error: error.message });
      continue;
    }
    results.push({ ...result, error: null });
    organizationIds.push(client.organizationId);
  }
  return { results, organizationIds };
}

/** What partners' baselines set in the organisation, newest first. */
export async function baselineApplicationsOf(
  db: Db,
  organizationId: string,
): Promise<BaselineApplication[]> {
  return (await listApplications(db, organizationId)).map((row) => {
    const ids = [
      ...row.settings.notApplicable.map((n) => n.catalogueId),
      ...row.settings.escalationOff,
    ];
    return {
      id: row.id,
      baselineName: row.baselineName,
      partnerDomain: row.partnerDomain,
      appliedBy: row.appliedBy,
      appliedAt: row.appliedAt.toISOString(),
      settings: row.settings,
      taskTitles: Object.fromEntries(ids.map((i) => [i, catalogueById.get(i)?.title ?? i])),
    };
  });
}
