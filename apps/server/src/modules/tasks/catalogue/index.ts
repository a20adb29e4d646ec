import { accounts } from './accounts';
import { admin } from './admin';
import { data } from './data';
import { devices } from './devices';
import { email } from './email';
import { people } from './people';
import { processes } from './processes';
import type { CatalogueTask } from './types';

export type { CatalogueTask } from './types';

/** Every recommended security action, grouped by area. Ids are unique across the catalogue. */
export const CATALOGUE: readonly CatalogueTask[] = [
  ...accounts,
  ...devices,
  ...email,
  ...admin,
  ...data,
  ...people,
  ...processes,
];

export const catalogueById: ReadonlyMap<string, CatalogueTask> = new Map(
  CATALOGUE.map((task) => [task.id, task]),
);
