import type { Config } from '../../config';

/** The local part's prefix of every report address: `report+<key>@<domain>`. */
const PREFIX = 'report+';

/** An organisation's report address; null while this server receives no reports. */
export function reportAddressOf(
  config: Pick<Config, 'phishing'>,
  reportKey: string,
): string | null {
  return config.phishing.reportSmtpPort === null
    ? null
    : `${PREFIX}${reportKey}@${config.phishing.reportDomain}`;
}

/** The report key of an address this server receives reports at; null for any other. */
export function reportKeyOf(config: Pick<Config, 'phishing'>, address: string): string | null {
  const match = /^report\+([a-z0-9]{16,64})@(.+)$/i.exec(address.trim());
  if (!match?.[1] || match[2]?.toLowerCase() !== config.phishing.reportDomain) return null;
  return match[1].toLowerCase();
}
