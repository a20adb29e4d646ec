import { type KeyConnect, KeyRefused } from '../kit/key-connect';
import { ownPauseGate } from '../kit/pause-gate';
import { requestBitwardenToken } from './bitwarden-api';
import { BitwardenApiError } from './bitwarden-api-error';
import { bitwardenHttp, type RetryPolicy } from './bitwarden-http';
import { bitwardenKeyOf, WHERE_THE_KEY_IS } from './bitwarden-key';
import { bitwardenClientConfig } from './client-config';

/** An administrator waits on the form: one quick second try, no long Retry-After. */
const VERIFY_RETRY: RetryPolicy = {
  attempts: 2,
  baseDelayMs: 500,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 5_000,
};

/**
 * Tries a pasted organisation key: a token is the lightest proof Bitwarden offers (it is only
 * issued for an organisation key that is enabled and allowed the API). The account is the
 * organisation's id.
 */
export const verifyBitwardenKey: KeyConnect['verify'] = async (config, credentials, signal) => {
  const parsed = bitwardenKeyOf(credentials);
  if ('problem' in parsed) throw new KeyRefused(parsed.problem);
  const { key } = parsed;
  const cfg = bitwardenClientConfig(config, key.region);
  const http = bitwardenHttp(cfg, VERIFY_RETRY, ownPauseGate());
  try {
    await requestBitwardenToken(http, cfg, key, signal);
  } catch (err) {
    if (err instanceof BitwardenApiError && err.kind === 'invalid_token') {
      throw new KeyRefused(
        `Bitwarden did not accept this API key. Check that you chose the right cloud (US or EU) and copied the organisation’s key whole. ${WHERE_THE_KEY_IS}`,
      );
    }
    throw err;
  }
  return { accountId: key.organizationId };
};
