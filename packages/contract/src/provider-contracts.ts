import { awsEndpoints } from './providers/aws';
import { bitwardenEndpoints } from './providers/bitwarden';
import { googleWorkspaceEndpoints } from './providers/google-workspace';
import { metaEndpoints } from './providers/meta';
import { microsoft365Endpoints } from './providers/microsoft-365';
import { slackEndpoints } from './providers/slack';

// Each provider's own part of the contract (providers/<slug>.ts): its schemas, exported here, and
// its endpoints, joined below. A new provider is one line in each list.

export * from './providers/aws';
export * from './providers/bitwarden';
export * from './providers/google-workspace';
export * from './providers/meta';
export * from './providers/microsoft-365';
export * from './providers/slack';

export const providerEndpoints = {
  ...googleWorkspaceEndpoints,
  ...microsoft365Endpoints,
  ...metaEndpoints,
  ...bitwardenEndpoints,
  ...awsEndpoints,
  ...slackEndpoints,
};
