export { GradeBadge } from '../../components/GradeBadge';
export { useOrganizationAnalysis, useStartOrganizationScan } from './api';
export { attackGraphQuery, useAttackGraph } from './attack-graph-query';
export { DomainForm } from './DomainForm';
export { ScanProgress } from './ScanProgress';
export { ScanSummary } from './ScanSummary';
