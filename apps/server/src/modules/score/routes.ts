import { endpoints, type LastNudge } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { AnswerCache } from '../../lib/answer-cache';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { dayOf, loadEmployeesProgress, scoreSummary } from './service';

/** When each member was last nudged (the nudges module's, given by the app). */
export type LastNudges = (db: Db, organizationId: string) => Promise<Map<string, LastNudge>>;

/** The cyber score and team progress (spec §7: get-score, list-employees). */
export const scoreRoutes =
  (db: Db, answers: AnswerCache, lastNudges: LastNudges): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getScore, async (request, reply) => {
      const session = sessionOf(request);
      // The history ends with today: tomorrow's answer differs though no data changed.
      const now = new Date();
      const scope = { perMember: true, variant: dayOf(now) };
      return answers.send(reply, endpoints.getScore, session, scope, () =>
        scoreSummary(db, session.organization.id, session.user, now),
      );
    });

    route(app, endpoints.listEmployees, async (request, reply) => {
      // Every signed-in user may open the company status (spec §2/§7), but only administrators
      // see their colleagues: a member's answer holds their own row alone.
      const session = sessionOf(request);
      const everyone = session.user.role === 'admin';
      const scope = everyone
        ? { perMember: false, variant: 'everyone' }
        : { perMember: true, variant: 'own' };
      return answers.send(reply, endpoints.listEmployees, session, scope, () =>
        employees(db, lastNudges, session.organization.id, everyone ? undefined : session.user.id),
      );
    });
  };

async function employees(
  db: Db,
  lastNudges: LastNudges,
  organizationId: string,
  onlyUserId?: string,
) {
  const [{ members, organizationTasks: o }, nudged] = await Promise.all([
    loadEmployeesProgress(db, organizationId, onlyUserId),
    lastNudges(db, organizationId),
  ]);
  return {
    view: onlyUserId === undefined ? ('everyone' as const) : ('own' as const),
    employees: members.map(({ member: m, progress: p, checkedBy }) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      fullName: `${m.firstName} ${m.lastName}`.trim(),
      email: m.email,
      role: m.role,
      completedTasks: p.completed,
      totalTasks: p.total,
      openHighRiskTasks: p.openHighRisk,
      checkedBy,
      lastNudge: nudged.get(m.id) ?? null,
    })),
    organizationTasks: {
      completedTasks: o.completed,
      totalTasks: o.total,
      openHighRiskTasks: o.openHighRisk,
    },
  };
}
