import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { loadEmployeesProgress, scoreSummary } from './service';

/** The cyber score and team progress (spec §7: get-score, list-employees). */
export const scoreRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getScore, async (request) => {
      const { user, organization } = sessionOf(request);
      return scoreSummary(db, organization.id, user);
    });

    route(app, endpoints.listEmployees, async (request) => {
      // Every signed-in user sees the company status (spec §2/§7); only /users is admin-only.
      const session = sessionOf(request);
      const rows = await loadEmployeesProgress(db, session.organization.id);
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
    });
  };
