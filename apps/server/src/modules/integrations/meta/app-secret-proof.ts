import { createHmac } from 'node:crypto';

/** `appsecret_proof`: HMAC-SHA256 of the access token keyed with the app secret, hex. */
export const appSecretProof = (appSecret: string, accessToken: string): string =>
  createHmac('sha256', appSecret).update(accessToken).digest('hex');
