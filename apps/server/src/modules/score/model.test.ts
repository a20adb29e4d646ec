import { gradeFor } from '@castellan/contract/vocabulary';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../test/catalogue-entries';
import { type Completion, Completions, type Member } from '../tasks/assignment';
import {
  individualTaskIds,
  memberProgress,
  organizationTaskProgress,
  ownTaskProgress,
  scoreOf,
  teamProgress,
} from './model';

const member = (id: string, role: Member['role'] = 'user'): Member => ({
  id,
  email: `${id}@x.example`,
  firstName: id,
  lastName: 'X',
  role,
});
const team = [member('a', 'admin'), member('b'), member('c'), member('d')];
const done = (catalogueId: string, userId: string | null): Completion => ({
  catalogueId,
  userId,
  completedAt: new Date('2026-11-01T10:00:00Z'),
  completedBy: 'A X',
});

describe('the score model', () => {
  it('is 0 with nothing done and 100 with everything done', () => {
    expect(scoreOf(catalogue, team.length, new Completions([]))).toMatchObject({
      score: 0,
      grade: 'F',
    });
    const all = new Completions([
      done('enforce', null),
      ...team.flatMap((m) => ['mfa', 'lock', 'tip'].map((t) => done(t, m.id))),
    ]);
    expect(scoreOf(catalogue, team.length, all)).toMatchObject({ score: 100, grade: 'A' });
  });

  it('credits an Individual task by the share of members who did it', () => {
    // Half the team did MFA: 5 of its 10 points, out of 17.
    const half = new Completions([done('mfa', 'a'), done('mfa', 'b')]);
    const { score, breakdown } = scoreOf(catalogue, team.length, half);
    expect(score).toBe(29.4); // 5 of 17 points
    expect(breakdown.find((a) => a.category === 'First things first')).toEqual({
      category: 'First things first',
      score: 31.3,
      earned: 5,
      possible: 16,
    });
  });

  it('credits an Admin task fully once any admin did it', () => {
    const { score } = scoreOf(catalogue, team.length, new Completions([done('enforce', null)]));
    expect(score).toBe(35.3); // 6 of 17 points
  });

  it('gives an area with nothing to earn a full score, and no members no credit', () => {
    const { breakdown, score } = scoreOf(catalogue, 0, new Completions([]));
    expect(breakdown.find((a) => a.category === 'Extra protection')?.score).toBe(100);
    expect(score).toBe(0);
  });

  it('adds the same points up by part, which sum to the score’s points', () => {
    // mfa and enforce are in Identity and accounts, lock in Devices (catalogue-entries.ts).
    const some = new Completions([done('mfa', 'a'), done('mfa', 'b'), done('lock', 'c')]);
    const { parts, breakdown, score } = scoreOf(catalogue, team.length, some);
    expect(parts).toEqual([
      { part: 'Identity and accounts', earned: 5, possible: 16 },
      { part: 'Devices', earned: 0.25, possible: 1 },
      { part: 'E-mail and domain', earned: 0, possible: 0 },
      { part: 'People and process', earned: 0, possible: 0 },
    ]);
    const sum = (xs: { earned: number; possible: number }[]) =>
      xs.reduce((s, x) => ({ earned: s.earned + x.earned, possible: s.possible + x.possible }), {
        earned: 0,
        possible: 0,
      });
    expect(sum(parts)).toEqual(sum(breakdown));
    expect(score).toBe(Math.round((sum(parts).earned * 1000) / sum(parts).possible) / 10);
  });

  it('grades A to F', () => {
    expect([100, 90, 89, 80, 70, 60, 50, 49, 0].map(gradeFor)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'D',
      'E',
      'F',
      'F',
    ]);
  });
});

describe('assignment and progress', () => {
  const completions = new Completions([done('enforce', null), done('mfa', 'b'), done('lock', 'b')]);

  it('gives members the Individual tasks and admins the Admin tasks too', () => {
    expect(memberProgress(catalogue, team[1] as Member, completions)).toEqual({
      completed: 2,
      total: 3,
      percent: 66,
      openHighRisk: 0,
    });
    // The admin has all four; the Admin task counts as done for them too.
    expect(memberProgress(catalogue, team[0] as Member, completions)).toEqual({
      completed: 1,
      total: 4,
      percent: 25,
      openHighRisk: 1,
    });
  });

  it("counts the team's Individual tasks per member and each Admin task once", () => {
    expect(teamProgress(catalogue, team.length, completions)).toEqual({
      completed: 3,
      total: 3 * 4 + 1,
      percent: 23,
    });
  });

  it('counts from database totals as it does from the rows themselves', () => {
    const rows = [done('mfa', 'a'), done('mfa', 'b'), done('lock', 'c'), done('enforce', null)];
    const counted = new Completions(
      [done('enforce', null), done('mfa', 'a')],
      undefined,
      new Map([
        ['mfa', 2],
        ['lock', 1],
      ]),
    );
    expect(scoreOf(catalogue, team.length, counted)).toEqual(
      scoreOf(catalogue, team.length, new Completions(rows)),
    );
    expect(memberProgress(catalogue, team[0] as Member, counted)).toEqual(
      memberProgress(catalogue, team[0] as Member, new Completions(rows)),
    );
  });

  it("counts each member's own tasks from the database's counts, and the Admin tasks once for the organisation", () => {
    const rows = [done('mfa', 'a'), done('lock', 'a'), done('mfa', 'b'), done('enforce', null)];
    const admins = new Completions([done('enforce', null)]);
    const all = new Completions(rows);
    const ids = individualTaskIds(catalogue);
    const organization = organizationTaskProgress(catalogue, admins);
    expect(organization).toMatchObject({ completed: 1, total: 1 });
    const sum = { completed: organization.completed, total: organization.total };
    for (const m of team) {
      const own = rows.filter((r) => r.userId === m.id).map((r) => r.catalogueId);
      const counted = {
        done: own.filter((id) => ids.all.includes(id)).length,
        highRiskDone: own.filter((id) => ids.highRisk.includes(id)).length,
      };
      const mine = ownTaskProgress(catalogue, counted);
      // An administrator's list holds the organisation's tasks too; their own row does not.
      const list = memberProgress(catalogue, m, all);
      const extra = m.role === 'admin' ? organization : { completed: 0, total: 0, openHighRisk: 0 };
      expect(mine.completed + extra.completed, m.id).toBe(list.completed);
      expect(mine.total + extra.total, m.id).toBe(list.total);
      expect(mine.openHighRisk + extra.openHighRisk, m.id).toBe(list.openHighRisk);
      sum.completed += mine.completed;
      sum.total += mine.total;
    }
    // The rows and the organisation's tasks add up to the team's progress.
    const teamTotal = teamProgress(catalogue, team.length, all);
    expect(sum).toEqual({ completed: teamTotal.completed, total: teamTotal.total });
  });
});
