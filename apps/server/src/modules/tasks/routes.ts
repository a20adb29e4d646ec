import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireAdmin } from '../sessions/access';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { parseTaskId } from './assignment';
import { completeTask } from './complete-task';
import { listTasks } from './service';

/** The security tasks: listing them and marking one done (spec §7: actions). */
export const taskRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getActions, async (request) => {
      const session = sessionOf(request);
      const everyone = request.query.scope === 'organization';
      if (everyone) requireAdmin(session);
      return {
        tasks: await listTasks(db, session.organization.id, everyone ? undefined : session.user.id),
      };
    });

    route(app, endpoints.markActionComplete, async (request) => {
      const { user, organization } = sessionOf(request);
      const { taskId } = request.body;
      const { task, recorded } = await completeTask(db, organization.id, user, taskId);
      if (recorded) request.log.info(parseTaskId(taskId), 'task completed');
      return { task };
    });
  };
