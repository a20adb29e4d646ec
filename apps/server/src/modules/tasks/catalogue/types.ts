import type { IntegrationId, TaskInstructions } from '@castellan/contract';
import type { CyberEssentialsControl } from '@castellan/contract/frameworks';
import type {
  AutomationKind,
  ScorePart,
  Severity,
  TaskCategory,
  TaskPlatform,
  TaskScope,
} from '@castellan/contract/vocabulary';

/**
 * One recommended security action. Ids are stable forever: progress is stored against them.
 * Change `version` when the advice changes in substance.
 */
export type CatalogueEntry = {
  id: string;
  version: number;
  title: string;
  /** One sentence: what to do. */
  summary: string;
  /** Plain language, for someone who is not an IT person: what goes wrong without it. */
  why: string;
  /** One entry per platform where the steps differ; a single `platform: null` entry otherwise. */
  instructions: TaskInstructions[];
  /** Individual: every member does it for themselves. Admin: done once for the organisation. */
  scope: TaskScope;
  category: TaskCategory;
  platforms: TaskPlatform[];
  /**
   * How long the task takes one person, in minutes, judged from its steps (a project of several
   * weeks counts its working time). The task's priority follows from it and its value.
   */
  minutes: number;
  risk: Severity;
  automation: AutomationKind;
  /** CIS Controls v8 safeguards, e.g. '6.3'. */
  cisSafeguards: string[];
  /** The Cyber Essentials controls the task helps meet. */
  cyberEssentials: CyberEssentialsControl[];
  /**
   * About a service not every organisation uses: the task is shown only once one of these
   * integrations is connected (it is about that service's account).
   */
  onlyWith?: readonly IntegrationId[];
};

/** A catalogue entry with the part of the score it counts towards (given in `parts.ts`). */
export type CatalogueTask = CatalogueEntry & { part: ScorePart };
