// A product GraphApi session on the fake Microsoft, for the client's and the reader's tests.
import {
  GraphApi,
  type GraphApiOptions,
  type MicrosoftClientConfig,
} from '../../../src/modules/integrations/microsoft';
import { TEST_CLIENT } from '../test-client';
import type { FakeMicrosoft } from './fake-microsoft';

export const FAKE_REDIRECT_URI = 'https://app.castellan.test/api/microsoft/integration/callback';

export const fakeMicrosoftConfig = (microsoft: FakeMicrosoft): MicrosoftClientConfig => ({
  baseUrl: microsoft.url,
  clientId: TEST_CLIENT.id,
  clientSecret: TEST_CLIENT.secret,
  redirectUri: FAKE_REDIRECT_URI,
  timeoutMs: 5_000,
});

/** Fast retries, so tests do not wait. */
export const FAST: GraphApiOptions = { retry: { baseDelayMs: 1, maxDelayMs: 4 } };

/** A session for a grant the fake issued to `email` (every scope unless said). */
export function fakeGraphSession(
  microsoft: FakeMicrosoft,
  email: string,
  options: GraphApiOptions & { scopes?: readonly string[] } = {},
): GraphApi {
  const { scopes, ...rest } = options;
  const grant = microsoft.issueGrant({ email, ...(scopes ? { scopes } : {}) });
  return new GraphApi(fakeMicrosoftConfig(microsoft), microsoft.tenant().id, grant, {
    ...FAST,
    ...rest,
  });
}
