// Assurance reports for the renderers' tests: a small one with each kind of answer and evidence,
// and a long one of a chosen size.
import type {
  AssuranceReport,
  ReadinessAnswer,
  ReadinessItem,
  ReadinessResponse,
} from '@castellan/contract';

const GENERATED_AT = '2026-12-01T09:30:00.000Z';

function set(
  id: ReadinessResponse['set'],
  name: string,
  items: ReadinessItem[],
): ReadinessResponse {
  const counts = { yes: 0, partly: 0, no: 0, unknown: 0 };
  for (const item of items) counts[item.answer] += 1;
  return { set: id, name, version: '2026.1', generatedAt: GENERATED_AT, counts, items };
}

/** A report with a name that tries to inject markup, each answer, stale and unchecked evidence. */
export function testReport(): AssuranceReport {
  return {
    organization: { name: 'Acme <script>alert(1)</script> & Sons', domain: 'acme.example' },
    generatedAt: GENERATED_AT,
    score: {
      value: 72.5,
      grade: 'B',
      parts: [
        { part: 'Identity and accounts', earned: 30.25, possible: 40 },
        { part: 'Devices', earned: 20, possible: 30 },
        { part: 'E-mail and domain', earned: 12, possible: 15 },
        { part: 'People and process', earned: 10.25, possible: 15 },
      ],
    },
    readiness: [
      set('insurance', 'Cyber insurance application', [
        {
          id: 'mfa-email',
          text: 'Is multi-factor authentication enforced for all e-mail accounts?',
          answer: 'partly',
          evidence: [
            {
              catalogueId: 'two-step',
              title: 'Two-step sign-in',
              source: 'Google Workspace',
              checkedAt: '2026-11-30T08:00:00.000Z',
              covered: 38,
              total: 40,
              unit: 'people',
              stale: false,
            },
          ],
          todo: [
            {
              catalogueId: 'two-step',
              title: 'Turn on two-step sign-in',
              taskId: null,
              done: 38,
              total: 40,
            },
          ],
          notApplicable: [],
        },
        {
          id: 'backups',
          text: 'Are backups kept offline or immutable, and tested?',
          answer: 'yes',
          evidence: [
            {
              catalogueId: 'backups',
              title: 'Offline backups',
              source: 'Marked by hand',
              checkedAt: '2026-03-02T10:00:00.000Z',
              covered: 1,
              total: 1,
              unit: 'organisation',
              stale: true,
            },
          ],
          todo: [],
          notApplicable: [],
        },
        {
          id: 'incident-plan',
          text: 'Do you have an incident response plan?',
          answer: 'no',
          evidence: [
            {
              catalogueId: 'incident-plan',
              title: 'Incident response plan',
              source: null,
              checkedAt: null,
              covered: 0,
              total: 1,
              unit: 'organisation',
              stale: false,
            },
          ],
          todo: [
            {
              catalogueId: 'incident-plan',
              title: 'Write an incident response plan',
              taskId: 'incident-plan',
              done: 0,
              total: 1,
            },
          ],
          notApplicable: [{ title: 'Remote access VPN', reason: 'We have no <VPN> & no office' }],
        },
      ]),
      set('cis-ig1', 'CIS Controls v8 IG1', [
        {
          id: '1.1',
          text: 'Establish and maintain a detailed enterprise asset inventory',
          answer: 'unknown',
          evidence: [],
          todo: [],
          notApplicable: [],
        },
      ]),
      set('cyber-essentials', 'Cyber Essentials', [
        {
          id: 'firewalls',
          text: 'Firewalls',
          answer: 'yes',
          evidence: [
            {
              catalogueId: 'firewall',
              title: 'Firewall turned on',
              source: 'Castellan agent',
              checkedAt: '2026-11-29T12:00:00.000Z',
              covered: 12,
              total: 12,
              unit: 'people',
              stale: false,
            },
          ],
          todo: [],
          notApplicable: [],
        },
      ]),
    ],
    coverage: {
      people: 40,
      peopleWithTwoStep: 38,
      devices: 14,
      devicesReporting: 12,
      devicesEncrypted: 11,
    },
    staleAfterDays: 90,
  };
}

const ANSWERS: ReadinessAnswer[] = ['yes', 'partly', 'no', 'unknown'];

/** A report whose three sets hold `itemsPerSet` questions each, with evidence and tasks. */
export function longTestReport(itemsPerSet: number): AssuranceReport {
  const base = testReport();
  const items = (prefix: string): ReadinessItem[] =>
    Array.from({ length: itemsPerSet }, (_, i) => ({
      id: `${prefix}-${i + 1}`,
      text: `Question ${prefix} ${i + 1}: are the safeguards this control describes in place for every member and device of the organisation?`,
      answer: ANSWERS[i % ANSWERS.length] ?? 'unknown',
      evidence: [0, 1].map((k) => ({
        catalogueId: `task-${i}-${k}`,
        title: `Evidence task ${i + 1}.${k + 1}`,
        source: k === 0 ? 'Microsoft 365' : 'Marked by hand',
        checkedAt: k === 0 ? '2026-11-20T08:00:00.000Z' : '2026-05-01T08:00:00.000Z',
        covered: 30 + (i % 10),
        total: 40,
        unit: k === 0 ? ('people' as const) : ('organisation' as const),
        stale: k === 1,
      })),
      todo:
        i % 4 === 0
          ? []
          : [
              {
                catalogueId: `todo-${i}`,
                title: `Task to do ${i + 1}`,
                taskId: null,
                done: 3,
                total: 40,
              },
            ],
      notApplicable: [],
    }));
  const [insurance, cis, essentials] = base.readiness;
  return {
    ...base,
    organization: { name: 'Long Report Ltd', domain: 'long.example' },
    readiness: [
      { ...(insurance as ReadinessResponse), items: items('insurance') },
      { ...(cis as ReadinessResponse), items: items('cis') },
      { ...(essentials as ReadinessResponse), items: items('essentials') },
    ],
  };
}
