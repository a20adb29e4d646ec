export { useOrganizationAnalysis, useStartOrganizationScan } from './api';
export { DomainForm } from './DomainForm';
export { ScanProgress } from './ScanProgress';
export { ScanSummary } from './ScanSummary';
