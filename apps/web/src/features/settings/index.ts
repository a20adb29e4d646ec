export { nudgeSettingsQuery } from './nudge-api';
export { useReportTimeZone } from './useReportTimeZone';
