import type { Task, UserData } from '@castellan/contract';

/** A registered member of brightwave.example; pass what differs. */
export const aUser = (over: Partial<UserData> = {}): UserData => ({
  email: 'ben.carter@brightwave.example',
  firstName: 'Ben',
  lastName: 'Carter',
  role: 'user',
  organizationStatus: 'REGISTERED',
  companyDomain: 'brightwave.example',
  profileImageUrl: null,
  staff: false,
  impersonatedBy: null,
  ...over,
});

export const anAdmin = (over: Partial<UserData> = {}) =>
  aUser({
    email: 'alice.morgan@brightwave.example',
    firstName: 'Alice',
    lastName: 'Morgan',
    role: 'admin',
    ...over,
  });

/** An open task of Ben's; pass what differs. */
export const aTask = (id: string, over: Partial<Task> = {}): Task => ({
  id: `${id}:00000000-0000-4000-8000-000000000001`,
  catalogueId: id,
  user: aUser().email,
  isCompleted: false,
  completedAt: null,
  completedBy: null,
  evidence: [],
  state: 'open',
  notApplicable: null,
  snoozedUntil: null,
  dueAt: null,
  escalate: true,
  priority: 'Medium',
  minutes: 10,
  points: 0.1,
  riskLevel: 'Medium',
  labels: ['Quick fix', 'Medium priority', 'Medium risk', 'Individual'],
  title: id,
  content: { summary: `What ${id} is about.`, why: 'Because.', instructions: [] },
  scope: 'Individual',
  category: 'Quick fix',
  automation: 'NotAutomatable',
  cisSafeguards: [],
  frameworks: { 'cis-ig1': [], 'cyber-essentials': [] },
  ...over,
});
