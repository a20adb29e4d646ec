// /v1.0/auditLogs/signIns with the $filter forms the product uses (integrations-reference §2.7).
import { collectionPage, pageSizeOf } from './collection';
import { type GraphEndpoint, graphScope } from './graph-endpoint';
import { badRequest } from './graph-errors';
import type { FakeSignIn } from './tenant';

type Test = (s: FakeSignIn) => boolean;

const compare = (op: string, a: number, b: number) =>
  op === 'eq'
    ? a === b
    : op === 'ne'
      ? a !== b
      : op === 'ge'
        ? a >= b
        : op === 'gt'
          ? a > b
          : op === 'le'
            ? a <= b
            : a < b;

/** The test of one `$filter` clause, or null when the fake does not know it. */
function clauseTest(clause: string): Test | null {
  const code = /^status\/errorCode (eq|ne) (-?\d+)$/.exec(clause);
  if (code?.[1] && code[2]) {
    const [op, value] = [code[1], Number(code[2])];
    return (s) => compare(op, s.status.errorCode, value);
  }
  const time = /^createdDateTime (eq|ne|ge|gt|le|lt) (\d{4}-\d\d-\d\dT[\d:.]+Z)$/.exec(clause);
  if (time?.[1] && time[2]) {
    const [op, at] = [time[1], Date.parse(time[2])];
    if (Number.isNaN(at)) return null;
    return (s) => compare(op, Date.parse(s.createdDateTime), at);
  }
  return null;
}

export const signIns: GraphEndpoint = {
  pattern: /^\/v1\.0\/auditLogs\/signIns$/,
  // The documented "known issue": Directory.Read.All is needed besides AuditLog.Read.All.
  scopes: () => [[graphScope('AuditLog.Read.All')], [graphScope('Directory.Read.All')]],
  premium: () => true,
  handle(req) {
    const size = pageSizeOf(req.url.searchParams, {
      defaultTop: 1000,
      maxTop: 1000,
      clampTop: true,
    });
    if (typeof size !== 'number') return size;
    const filter = req.url.searchParams.get('$filter')?.trim();
    const tests: Test[] = [];
    for (const clause of filter ? filter.split(/\s+and\s+/i) : []) {
      const test = clauseTest(clause.trim());
      if (!test) return badRequest(`Invalid filter clause: ${clause}`);
      tests.push(test);
    }
    const items = req.tenant.signIns.filter((s) => tests.every((t) => t(s)));
    return collectionPage(items, {
      url: req.url,
      origin: req.origin,
      context: 'auditLogs/signIns',
      size,
    });
  },
};
