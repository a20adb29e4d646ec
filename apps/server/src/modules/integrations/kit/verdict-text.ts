import type { Verdict } from '../../tasks/evidence';

/** A few items by name and how many more, for a verdict's detail sentence. */
export const listed = (items: readonly string[], max = 3) =>
  items.length <= max
    ? items.join(', ')
    : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;

/** A verdict on an Admin task of the organisation, with its detail only when it fails. */
export const organisationVerdict = (
  catalogueId: string,
  pass: boolean,
  failDetail: string,
): Verdict => ({
  catalogueId,
  userId: null,
  verdict: pass ? 'pass' : 'fail',
  detail: pass ? null : failDetail,
});

/** The administrator count we recommend of a suite (the task says two to four). */
export const SUPER_ADMINS = { min: 2, max: 4 };
