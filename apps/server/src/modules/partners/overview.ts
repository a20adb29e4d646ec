// The partner console's roll-up: each live client's standing, computed from the client's own data
// by the services its own pages use (so the figures agree with what its administrators see), and
// the biggest gaps across clients.
//
// A client's figures are kept in this process until its data version moves on (every write that
// changes tasks, evidence, members or scores moves it, in any process) or the hour turns (devices
// fall quiet with time alone). Integration problems are read afresh for every request: a sync's
// state does not move the version.
import {
  PARTNER_ROLE_NAMES,
  PARTNER_TREND_DAYS,
  type PartnerClientSummary,
  type PartnerGap,
  type PartnerOverviewResponse,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { csvFile } from '../../lib/csv';
import { deviceCoverage } from '../devices/coverage';
import { taskProgress } from '../frameworks/progress';
import { integrationProblems } from '../integrations/service';
import { dayOf, listScoreSnapshots, organizationScore } from '../score/service';
import { catalogueById } from '../tasks/catalogue';
import { loadProgress } from '../tasks/service';
import { listLiveClients } from './repository';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Clients computed at once on a cold console: each reads a few queries' worth. */
const CONCURRENCY = 4;
const MOST_GAPS = 5;

type Figures = Pick<
  PartnerClientSummary,
  'score' | 'grade' | 'trend' | 'members' | 'openCritical' | 'devices' | 'devicesNotReporting'
> & {
  /** Each person's own task open for how many of them, by catalogue id. */
  openByTask: Map<string, number>;
};

/** The score now against the oldest daily score of the last PARTNER_TREND_DAYS days before today. */
function trendOf(snapshots: readonly { date: string; score: number }[], score: number, now: Date) {
  const since = dayOf(new Date(now.getTime() - PARTNER_TREND_DAYS * DAY_MS));
  const today = dayOf(now);
  const oldest = snapshots
    .filter((s) => s.date >= since && s.date < today)
    .sort((a, b) => a.date.localeCompare(b.date))[0];
  // Scores are kept as `real`: a tenth is as fine as the score itself is shown.
  return oldest ? Math.round((score - oldest.score) * 10) / 10 : null;
}

async function figuresOf(db: Db, organizationId: string, now: Date): Promise<Figures> {
  const [progress, score, snapshots, devices] = await Promise.all([
    loadProgress(db, organizationId, undefined, undefined, now),
    organizationScore(db, organizationId),
    listScoreSnapshots(db, organizationId, now),
    deviceCoverage(db, organizationId, now),
  ]);
  const openByTask = new Map<string, number>();
  let openCritical = 0;
  for (const task of progress.catalogue) {
    const { done, total } = taskProgress(
      task,
      progress.members,
      progress.completions,
      progress.states,
    );
    const open = total - done;
    if (open <= 0) continue;
    if (task.risk === 'Critical') openCritical += open;
    if (task.scope !== 'Admin') openByTask.set(task.id, open);
  }
  return {
    score: score.score,
    grade: score.grade,
    trend: trendOf(snapshots, score.score, now),
    members: progress.memberCount,
    openCritical,
    devices: devices.devices,
    devicesNotReporting: devices.devices - devices.devicesReporting,
    openByTask,
  };
}

/** The tasks open for the most people across clients, riskier first on a tie. */
function gapsOf(figures: readonly Figures[]): PartnerGap[] {
  const byTask = new Map<string, { people: number; clients: number }>();
  for (const { openByTask } of figures) {
    for (const [id, open] of openByTask) {
      const gap = byTask.get(id) ?? { people: 0, clients: 0 };
      byTask.set(id, { people: gap.people + open, clients: gap.clients + 1 });
    }
  }
  const rank = (risk: string) => ['Critical', 'High', 'Medium', 'Low', 'Info'].indexOf(risk);
  return [...byTask]
    .flatMap(([id, gap]) => {
      const task = catalogueById.get(id);
      return task ? [{ catalogueId: id, title: task.title, risk: task.risk, ...gap }] : [];
    })
    .sort((a, b) => b.people - a.people || rank(a.risk) - rank(b.risk))
    .slice(0, MOST_GAPS);
}

/** Runs `work` over `items`, at most `limit` at a time, answers in the items' order. */
async function inTurn<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

type Kept = { version: number; hour: number; figures: Promise<Figures> };

export class PartnerOverview {
  /** Each client's figures, or their computation still running: requests that meet share it. */
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly db: Db,
    private readonly maxClients = 20_000,
  ) {}

  /** The roll-up of every client the partner organisation looks after now. */
  async of(partnerOrganizationId: string, now = new Date()): Promise<PartnerOverviewResponse> {
    const clients = await listLiveClients(this.db, partnerOrganizationId);
    const ids = clients.map((c) => c.organizationId);
    const [figures, problems] = await Promise.all([
      inTurn(clients, CONCURRENCY, (c) => this.figures(c.organizationId, c.dataVersion, now)),
      integrationProblems(this.db, ids),
    ]);
    return {
      clients: clients.map((c, i) => {
        const { openByTask: _open, ...shown } = figures[i] as Figures;
        return {
          linkId: c.linkId,
          domain: c.domain,
          role: c.role,
          ...shown,
          integrationsNeedingAttention: problems.get(c.organizationId) ?? [],
        };
      }),
      gaps: gapsOf(figures),
      computedAt: now.toISOString(),
    };
  }

  private figures(organizationId: string, version: number, now: Date): Promise<Figures> {
    const hour = Math.floor(now.getTime() / HOUR_MS);
    const kept = this.kept.get(organizationId);
    if (kept && kept.version === version && kept.hour === hour) return kept.figures;
    const figures = figuresOf(this.db, organizationId, now);
    this.kept.delete(organizationId);
    this.kept.set(organizationId, { version, hour, figures });
    // A failed computation is not kept: the next request tries again.
    figures.catch(() => {
      if (this.kept.get(organizationId)?.figures === figures) this.kept.delete(organizationId);
    });
    if (this.kept.size > this.maxClients) {
      const [oldest] = this.kept.keys();
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    return figures;
  }
}

const CSV_HEADER = [
  'Client',
  'Partner role',
  'Score',
  'Grade',
  `Change in ${PARTNER_TREND_DAYS} days`,
  'Members',
  'Open critical tasks',
  'Integrations needing attention',
  'Devices',
  'Devices not reporting',
] as const;

/** The roll-up as a spreadsheet reads it, one client a row. */
export function overviewCsv(overview: PartnerOverviewResponse): string {
  return csvFile(
    CSV_HEADER,
    overview.clients.map((c) => [
      c.domain,
      PARTNER_ROLE_NAMES[c.role],
      Math.round(c.score),
      c.grade,
      c.trend,
      c.members,
      c.openCritical,
      c.integrationsNeedingAttention.map((i) => `${i.name}: ${i.problem}`).join('; '),
      c.devices,
      c.devicesNotReporting,
    ]),
  );
}
