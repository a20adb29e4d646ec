// Mail scanners (the receiving mail service's link checkers, sandboxes, previewers) open links
// before, or instead of, the person. Such a visit is recognised and never counted against anyone:
//  - a visit counts only when the practice page's own script reports it, so a request that runs
//    no script (a plain fetch of the link) is never a click;
//  - a visit within PHISHING_SCANNER_SECONDS of the message's delivery (or before it) is a scanner's;
//  - so is one whose user agent is missing, is not a browser's, or names a known scanner or a
//    headless browser.

/** User agents of scanners, previewers and automated browsers. */
const SCANNER_AGENTS =
  /headless|phantomjs|bot\b|bot\/|crawler|spider|preview|scan|python|curl|wget|go-http|java\/|okhttp|libwww|httpclient|axios|node-fetch|undici|microsoft office|ms-office|safelinks|proofpoint|mimecast|barracuda|symantec|trend ?micro|forcepoint|fireeye|sophos|ironport|google-safety|bingpreview|slackbot|teams/i;

export function isScannerVisit(
  userAgent: string | undefined,
  deliveredAt: Date | null,
  now: Date,
  scannerSeconds: number,
): boolean {
  if (!userAgent?.startsWith('Mozilla/') || SCANNER_AGENTS.test(userAgent)) {
    return true;
  }
  if (!deliveredAt) return true;
  return now.getTime() - deliveredAt.getTime() < scannerSeconds * 1000;
}
