import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { AnswerCache } from '../../lib/answer-cache';
import { requireAdmin } from '../sessions/access';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { parseTaskId } from './assignment';
import { completeTask } from './complete-task';
import { listTasks } from './service';

/** The security tasks: listing them and marking one done (spec §7: actions). */
export const taskRoutes =
  (db: Db, answers: AnswerCache): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getActions, async (request, reply) => {
      const session = sessionOf(request);
      const everyone = request.query.scope === 'organization';
      if (everyone) requireAdmin(session);
      // The organisation's tasks are the same for each of its admins; a member's are their own.
      const scope = everyone ? { perMember: false, variant: 'organization' } : { perMember: true };
      return answers.send(reply, endpoints.getActions, session, scope, async () => ({
        tasks: await listTasks(db, session.organization.id, everyone ? undefined : session.user.id),
      }));
    });

    route(app, endpoints.markActionComplete, async (request) => {
      const { user, organization } = sessionOf(request);
      const { taskId } = request.body;
      const { task, recorded } = await completeTask(db, organization.id, user, taskId);
      if (recorded) request.log.info(parseTaskId(taskId), 'task completed');
      return { task };
    });
  };
