import { PROVIDERS } from '@castellan/contract';
// A product GoogleApi session on a fake Google, for the client's and the reader's tests.
import {
  GoogleApi,
  type GoogleApiOptions,
  type GoogleClientConfig,
} from '../src/modules/integrations/google';
import type { FakeGoogle } from './fakes/google/fake-google';
import { TEST_CLIENT } from './fakes/test-client';

export const FAKE_REDIRECT_URI = `https://app.castellan.test/api${PROVIDERS.gws.connect.callback}`;

export const fakeGoogleConfig = (google: FakeGoogle): GoogleClientConfig => ({
  baseUrl: google.url,
  clientId: TEST_CLIENT.id,
  clientSecret: TEST_CLIENT.secret,
  redirectUri: FAKE_REDIRECT_URI,
  timeoutMs: 5_000,
});

/** Fast retries and no pause between policy pages, so tests do not wait. */
export const FAST: GoogleApiOptions = {
  retry: { baseDelayMs: 1, maxDelayMs: 4 },
  policyPageGapMs: 0,
};

/** A session for a grant the fake issued to `email` (every scope unless said). */
export function fakeGoogleSession(
  google: FakeGoogle,
  email: string,
  options: GoogleApiOptions & { scopes?: readonly string[] } = {},
): GoogleApi {
  const { scopes, ...rest } = options;
  const grant = google.issueGrant({ email, ...(scopes ? { scopes } : {}) });
  return new GoogleApi(fakeGoogleConfig(google), grant, { ...FAST, ...rest });
}
