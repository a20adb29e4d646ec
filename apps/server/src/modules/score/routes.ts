import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { AnswerCache } from '../../lib/answer-cache';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { dayOf, loadEmployeesProgress, scoreSummary } from './service';

/** The cyber score and team progress (spec §7: get-score, list-employees). */
export const scoreRoutes =
  (db: Db, answers: AnswerCache): FastifyPluginAsyncZod =>
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
      // Every signed-in user sees the company status (spec §2/§7); only /users is admin-only.
      const session = sessionOf(request);
      return answers.send(reply, endpoints.listEmployees, session, { perMember: false }, () =>
        employees(db, session.organization.id),
      );
    });
  };

async function employees(db: Db, organizationId: string) {
  const rows = await loadEmployeesProgress(db, organizationId);
  return {
    employees: rows.map(({ member: m, progress: p, checkedBy }) => ({
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
    })),
  };
}
