import {
  actionsQuery,
  actionsResponse,
  employeesResponse,
  markActionCompleteRequest,
  markActionCompleteResponse,
  scoreResponse,
} from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireAdmin } from '../../lib/access';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { sessionOf } from '../../plugins/session';
import { catalogueById } from './catalogue';
import { assignedTo, memberProgress, parseTaskId, scoreOf, teamProgress, toTask } from './progress';
import { recordCompletion } from './repository';
import {
  listScoreSnapshots,
  loadEmployeesProgress,
  loadProgress,
  loadScoreInputs,
  scoreHistory,
} from './service';

/** Tasks, the cyber score and team progress (spec §7: actions, get-score, list-employees). */
export const taskRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.get(
      '/actions',
      { schema: { querystring: actionsQuery, response: { 200: actionsResponse } } },
      async (request) => {
        const session = sessionOf(request);
        if (request.query.scope === 'organization') requireAdmin(session);
        const everyone = request.query.scope === 'organization';
        const { catalogue, members, completions } = await loadProgress(
          db,
          session.organization.id,
          everyone ? undefined : session.user.id,
        );
        return {
          tasks: members.flatMap((m) =>
            assignedTo(catalogue, m).map((t) => toTask(t, m, completions.of(t, m))),
          ),
        };
      },
    );

    app.post(
      '/mark-action-complete',
      {
        schema: { body: markActionCompleteRequest, response: { 200: markActionCompleteResponse } },
      },
      async (request) => {
        const { user, organization } = sessionOf(request);
        const { catalogueId, userId } = parseTaskId(request.body.taskId);
        const entry = catalogueById.get(catalogueId);
        const { catalogue, members, completions } = await loadProgress(db, organization.id, userId);
        const assignee = members[0];
        // Unknown tasks, other organisations' tasks and tasks nobody has look the same.
        if (!entry || !assignee || !assignedTo(catalogue, assignee).includes(entry)) {
          throw new NotFoundError('No such task.');
        }
        const admin = entry.scope === 'Admin';
        if (admin ? user.role !== 'admin' : assignee.id !== user.id) {
          throw new ForbiddenError('You can only complete your own tasks.');
        }
        if (completions.scanVerdict(entry) === 'fail') {
          throw new ConflictError(
            'The latest scan of your domain found this is not done yet. Fix it, then run the risk analysis again.',
          );
        }
        const done = completions.of(entry, assignee);
        if (done) return { task: toTask(entry, assignee, done) };
        const completedAt = await recordCompletion(db, {
          organizationId: organization.id,
          catalogueId,
          catalogueVersion: entry.version,
          userId: admin ? null : assignee.id,
          completedById: user.id,
        });
        if (!completedAt) {
          // Someone else completed it in the meantime: answer with theirs.
          const after = await loadProgress(db, organization.id, assignee.id);
          return { task: toTask(entry, assignee, after.completions.of(entry, assignee)) };
        }
        request.log.info({ catalogueId, userId: assignee.id }, 'task completed');
        const completedBy = `${user.firstName} ${user.lastName}`.trim() || null;
        return {
          task: toTask(entry, assignee, { catalogueId, userId: null, completedAt, completedBy }),
        };
      },
    );

    app.get('/get-score', { schema: { response: { 200: scoreResponse } } }, async (request) => {
      const { user, organization } = sessionOf(request);
      const [{ catalogue, memberCount, completions }, snapshots] = await Promise.all([
        loadScoreInputs(db, organization.id, user.id),
        listScoreSnapshots(db, organization.id),
      ]);
      const score = scoreOf(catalogue, memberCount, completions);
      const yours = memberProgress(catalogue, user, completions);
      return {
        ...score,
        history: scoreHistory(snapshots, score.score),
        yourProgress: { completed: yours.completed, total: yours.total, percent: yours.percent },
        teamProgress: teamProgress(catalogue, memberCount, completions),
      };
    });

    app.get(
      '/list-employees',
      { schema: { response: { 200: employeesResponse } } },
      async (request) => {
        const session = sessionOf(request);
        requireAdmin(session);
        const rows = await loadEmployeesProgress(db, session.organization.id);
        return {
          employees: rows.map(({ member: m, progress: p }) => {
            return {
              id: m.id,
              firstName: m.firstName,
              lastName: m.lastName,
              fullName: `${m.firstName} ${m.lastName}`.trim(),
              email: m.email,
              role: m.role,
              completedTasks: p.completed,
              totalTasks: p.total,
              openHighRiskTasks: p.openHighRisk,
            };
          }),
        };
      },
    );
  };
