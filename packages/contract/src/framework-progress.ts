import { z } from 'zod';
import { endpoint } from './endpoint';
import { FRAMEWORK_IDS } from './frameworks';

export * from './frameworks';

/** A catalogue task that cites a safeguard, and how many of those it applies to have done it. */
export const frameworkTask = z.object({
  catalogueId: z.string(),
  title: z.string(),
  done: z.number().int(),
  /** 0 when the task is marked not applicable. */
  total: z.number().int(),
  /** The reason, when an administrator marked the task not applicable to the organisation. */
  notApplicable: z.string().nullable(),
});

/**
 * A safeguard is met when every task citing it is done for everyone it applies to (marked, or
 * passed by an automatic check) or marked not applicable. One that no task of the organisation's catalogue cites is not met.
 */
export const safeguardProgress = z.object({
  id: z.string(),
  title: z.string(),
  met: z.boolean(),
  tasks: z.array(frameworkTask),
});
export type SafeguardProgress = z.infer<typeof safeguardProgress>;

export const frameworkProgress = z.object({
  id: z.enum(FRAMEWORK_IDS),
  name: z.string(),
  met: z.number().int(),
  total: z.number().int(),
  /** Missing safeguards first, each group in the framework's order. */
  safeguards: z.array(safeguardProgress),
});
export type FrameworkProgress = z.infer<typeof frameworkProgress>;

/** `GET /api/frameworks`: how far the organisation is from each framework. */
export const frameworksResponse = z.object({ frameworks: z.array(frameworkProgress) });
export type FrameworksResponse = z.infer<typeof frameworksResponse>;

export const frameworkProgressEndpoints = {
  getFrameworks: endpoint({
    method: 'GET',
    path: '/frameworks',
    access: 'admin',
    response: { 200: frameworksResponse },
    summary: 'The share of CIS Controls v8 IG1 and Cyber Essentials the organisation meets',
  }),
};
