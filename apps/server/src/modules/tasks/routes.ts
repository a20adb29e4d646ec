import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { AnswerCache } from '../../lib/answer-cache';
import { auditActor } from '../audit/actor';
import { requireAdmin } from '../sessions/access';
import { sessionOf } from '../sessions/plugin';
import { route } from '../sessions/route';
import { parseTaskId } from './assignment';
import {
  makeApplicable,
  markNotApplicable,
  setTaskEscalation,
  snoozeTask,
  unsnoozeTask,
} from './change-task-state';
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
      // Snoozes end at the start of a day (UTC), so an answer holds for the day.
      const day = new Date().toISOString().slice(0, 10);
      const scope = everyone
        ? { perMember: false, variant: `organization|${day}` }
        : { perMember: true, variant: day };
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

    route(app, endpoints.markNotApplicable, async (request) => {
      const session = sessionOf(request);
      const { taskId, reason } = request.body;
      const actor = { ...session.user, audit: auditActor(session) };
      return { task: await markNotApplicable(db, session.organization.id, actor, taskId, reason) };
    });

    route(app, endpoints.makeApplicable, async (request) => {
      const session = sessionOf(request);
      const actor = { ...session.user, audit: auditActor(session) };
      return {
        task: await makeApplicable(db, session.organization.id, actor, request.body.taskId),
      };
    });

    route(app, endpoints.snoozeTask, async (request) => {
      const { user, organization } = sessionOf(request);
      const { taskId, days } = request.body;
      return { task: await snoozeTask(db, organization.id, user, taskId, days) };
    });

    route(app, endpoints.unsnoozeTask, async (request) => {
      const { user, organization } = sessionOf(request);
      return { task: await unsnoozeTask(db, organization.id, user, request.body.taskId) };
    });

    route(app, endpoints.setTaskEscalation, async (request) => {
      const session = sessionOf(request);
      const actor = { ...session.user, audit: auditActor(session) };
      const { taskId, escalate } = request.body;
      return setTaskEscalation(db, session.organization.id, actor, taskId, escalate);
    });
  };
