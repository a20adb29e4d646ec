/**
 * The frameworks the catalogue is mapped to: CIS Controls v8 Implementation Group 1 (the
 * safeguards every small organisation is told to meet) and the five controls of the UK's Cyber
 * Essentials. No zod here: the web app imports it.
 */

export const FRAMEWORK_IDS = ['cis-ig1', 'cyber-essentials'] as const;
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

export type Safeguard = { id: string; title: string };

/** The 56 safeguards of CIS Controls v8 Implementation Group 1, by number. */
export const CIS_IG1_SAFEGUARDS: readonly Safeguard[] = [
  { id: '1.1', title: 'Establish and maintain a detailed enterprise asset inventory' },
  { id: '1.2', title: 'Address unauthorized assets' },
  { id: '2.1', title: 'Establish and maintain a software inventory' },
  { id: '2.2', title: 'Ensure authorized software is currently supported' },
  { id: '2.3', title: 'Address unauthorized software' },
  { id: '3.1', title: 'Establish and maintain a data management process' },
  { id: '3.2', title: 'Establish and maintain a data inventory' },
  { id: '3.3', title: 'Configure data access control lists' },
  { id: '3.4', title: 'Enforce data retention' },
  { id: '3.5', title: 'Securely dispose of data' },
  { id: '3.6', title: 'Encrypt data on end-user devices' },
  { id: '4.1', title: 'Establish and maintain a secure configuration process' },
  {
    id: '4.2',
    title: 'Establish and maintain a secure configuration process for network infrastructure',
  },
  { id: '4.3', title: 'Configure automatic session locking on enterprise assets' },
  { id: '4.4', title: 'Implement and manage a firewall on servers' },
  { id: '4.5', title: 'Implement and manage a firewall on end-user devices' },
  { id: '4.6', title: 'Securely manage enterprise assets and software' },
  { id: '4.7', title: 'Manage default accounts on enterprise assets and software' },
  { id: '5.1', title: 'Establish and maintain an inventory of accounts' },
  { id: '5.2', title: 'Use unique passwords' },
  { id: '5.3', title: 'Disable dormant accounts' },
  { id: '5.4', title: 'Restrict administrator privileges to dedicated administrator accounts' },
  { id: '6.1', title: 'Establish an access granting process' },
  { id: '6.2', title: 'Establish an access revoking process' },
  { id: '6.3', title: 'Require MFA for externally-exposed applications' },
  { id: '6.4', title: 'Require MFA for remote network access' },
  { id: '6.5', title: 'Require MFA for administrative access' },
  { id: '7.1', title: 'Establish and maintain a vulnerability management process' },
  { id: '7.2', title: 'Establish and maintain a remediation process' },
  { id: '7.3', title: 'Perform automated operating system patch management' },
  { id: '7.4', title: 'Perform automated application patch management' },
  { id: '8.1', title: 'Establish and maintain an audit log management process' },
  { id: '8.2', title: 'Collect audit logs' },
  { id: '8.3', title: 'Ensure adequate audit log storage' },
  { id: '9.1', title: 'Ensure use of only fully supported browsers and email clients' },
  { id: '9.2', title: 'Use DNS filtering services' },
  { id: '10.1', title: 'Deploy and maintain anti-malware software' },
  { id: '10.2', title: 'Configure automatic anti-malware signature updates' },
  { id: '10.3', title: 'Disable autorun and autoplay for removable media' },
  { id: '11.1', title: 'Establish and maintain a data recovery process' },
  { id: '11.2', title: 'Perform automated backups' },
  { id: '11.3', title: 'Protect recovery data' },
  { id: '11.4', title: 'Establish and maintain an isolated instance of recovery data' },
  { id: '12.1', title: 'Ensure network infrastructure is up-to-date' },
  { id: '14.1', title: 'Establish and maintain a security awareness program' },
  { id: '14.2', title: 'Train workforce members to recognize social engineering attacks' },
  { id: '14.3', title: 'Train workforce members on authentication best practices' },
  { id: '14.4', title: 'Train workforce on data handling best practices' },
  { id: '14.5', title: 'Train workforce members on causes of unintentional data exposure' },
  { id: '14.6', title: 'Train workforce members on recognizing and reporting security incidents' },
  {
    id: '14.7',
    title:
      'Train workforce on how to identify and report if their enterprise assets are missing security updates',
  },
  {
    id: '14.8',
    title:
      'Train workforce on the dangers of connecting to and transmitting enterprise data over insecure networks',
  },
  { id: '15.1', title: 'Establish and maintain an inventory of service providers' },
  { id: '17.1', title: 'Designate personnel to manage incident handling' },
  {
    id: '17.2',
    title: 'Establish and maintain contact information for reporting security incidents',
  },
  { id: '17.3', title: 'Establish and maintain an enterprise process for reporting incidents' },
];

/**
 * IG1 safeguards that do not apply to a 10–200 person organisation without its own IT department,
 * each with the one sentence docs/using.md gives as the reason. Every other IG1 safeguard is cited
 * by a catalogue task (a test holds both to it).
 */
export const IG1_NOT_APPLICABLE: Readonly<Record<string, string>> = {};

/** The five technical controls of Cyber Essentials (NCSC, "Cyber Essentials: Requirements for IT infrastructure"). */
export const CYBER_ESSENTIALS_CONTROLS = [
  'firewalls',
  'secure-configuration',
  'security-update-management',
  'user-access-control',
  'malware-protection',
] as const;
export type CyberEssentialsControl = (typeof CYBER_ESSENTIALS_CONTROLS)[number];

export const CYBER_ESSENTIALS_SAFEGUARDS: readonly Safeguard[] = [
  { id: 'firewalls', title: 'Firewalls' },
  { id: 'secure-configuration', title: 'Secure configuration' },
  { id: 'security-update-management', title: 'Security update management' },
  { id: 'user-access-control', title: 'User access control' },
  { id: 'malware-protection', title: 'Malware protection' },
];

export const FRAMEWORKS: Record<FrameworkId, { name: string; safeguards: readonly Safeguard[] }> = {
  'cis-ig1': { name: 'CIS Controls v8 IG1', safeguards: CIS_IG1_SAFEGUARDS },
  'cyber-essentials': { name: 'Cyber Essentials', safeguards: CYBER_ESSENTIALS_SAFEGUARDS },
};
