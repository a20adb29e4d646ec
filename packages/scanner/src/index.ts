// @castellan/scanner: what the internet can see of a domain, checked and scored as one report.
export { CHECK_IDS, CHECKS, type CheckId, findingTaskId, WEB_CHECK_IDS } from './checks';
export { ScanError } from './domain';
export {
  readScannerEnv,
  SCANNER_ENV,
  type ScannerEnv,
  type ScannerTarget,
  scannerTarget,
} from './env';
export {
  DEFAULT_SCANNER_OPTIONS,
  type ScannerOptions,
  type ScannerOverrides,
  scannerOptions,
  withDefaults,
} from './options';
export { formatReport } from './report-text';
export { runSingleCheck, SCAN_CHECK_COUNT, type ScanProgress, scanDomain } from './scan';
