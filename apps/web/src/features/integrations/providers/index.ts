import type { ProviderId } from '@castellan/contract';
import { aws } from './aws';
import { bitwarden } from './bitwarden';
import { googleWorkspace } from './google-workspace';
import { meta } from './meta';
import { microsoft365 } from './microsoft-365';
import { slack } from './slack';
import { teams } from './teams';
import type { WebProvider } from './web-provider';

/** Every provider as the web app connects and shows it, one line each (its home is its folder). */
export const WEB_PROVIDERS: Readonly<Record<ProviderId, WebProvider>> = {
  gws: googleWorkspace,
  m365: microsoft365,
  meta,
  aws,
  bitwarden,
  slack,
  teams,
};
