export { deleteOrganization } from './api';
export { BreachCostFigure } from './BreachCostFigure';
export { type BreachCost, expectedBreachCost } from './breach-cost';
export { organizationQuery, useOrganization } from './organization-query';
