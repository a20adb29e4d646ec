import { withParts } from './parts';
import type { CatalogueTask } from './types';

export type { CatalogueEntry, CatalogueTask } from './types';

/** Every recommended security action, grouped by area, each in one part of the score. Ids are unique across the catalogue. */
export const CATALOGUE: readonly CatalogueTask[] = withParts();

export const catalogueById: ReadonlyMap<string, CatalogueTask> = new Map(
  CATALOGUE.map((task) => [task.id, task]),
);
