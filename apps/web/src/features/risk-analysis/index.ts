export { useOrganizationAnalysis, useStartOrganizationScan } from './api';
export { attackGraphQuery, useAttackGraph } from './attack-graph-query';
export { DomainForm } from './DomainForm';
export { GradeBadge } from './GradeBadge';
export { ScanProgress } from './ScanProgress';
export { ScanSummary } from './ScanSummary';
