import type { WebProvider } from '../web-provider';
import { MetaSection } from './MetaSection';
import mark from './mark.svg';

export const meta: WebProvider = {
  mark,
  missingPermissions:
    'Castellan needs the business management permission to see your business accounts. Reconnect and keep that permission ticked.',
  findings: { Section: MetaSection, forMembers: false, afterFirstScan: true },
};
