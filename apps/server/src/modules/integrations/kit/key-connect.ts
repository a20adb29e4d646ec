import type { ConnectField } from '@castellan/contract';
import type { Config } from '../../../config';
import { BadRequestError } from '../../../lib/errors';
import type { OpenedTokens } from './tokens';

/**
 * Providers connected with a key an administrator pastes (Bitwarden's organisation API key, an
 * AWS access key) rather than an OAuth consent: the form's fields, by the names the contract's
 * `connect.fields` gives them. They are sealed together as the grant's access token.
 */
export type KeyCredentials = Readonly<Record<string, string>>;

/** The provider refused the key: what the administrator reads under the form (HTTP 400). */
export class KeyRefused extends Error {}

export type KeyConnect = {
  /**
   * Tries the key at the provider with the lightest read it offers: the account it opens, or
   * KeyRefused with a plain sentence; a ProviderError when the provider could not answer.
   */
  verify: (
    config: Config,
    credentials: KeyCredentials,
    signal: AbortSignal,
  ) => Promise<{ accountId: string | null }>;
};

/** The key a sync reads with, from the grant's opened tokens. */
export function storedCredentials(tokens: OpenedTokens): KeyCredentials {
  const parsed: unknown = JSON.parse(tokens.accessToken ?? '{}');
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/**
 * The credentials of a key-connect form, trimmed and checked against its fields: every name
 * known, the required ones given, each value of its field's form. Throws what the form shows.
 */
export function checkKeyFields(
  fields: readonly ConnectField[],
  given: Readonly<Record<string, string>>,
): KeyCredentials {
  const unknown = Object.keys(given).find((name) => !fields.some((f) => f.name === name));
  if (unknown !== undefined) throw new BadRequestError(`Unknown field: ${unknown}.`);
  const credentials: Record<string, string> = {};
  for (const field of fields) {
    const value = (given[field.name] ?? '').trim();
    if (value === '') {
      if (field.required) throw new BadRequestError(`${field.label}: enter it.`);
      continue;
    }
    if (field.options && !field.options.some((o) => o.value === value)) {
      const choices = field.options.map((o) => o.value).join(', ');
      throw new BadRequestError(`${field.label}: choose one of ${choices}.`);
    }
    if (field.pattern && !new RegExp(field.pattern.regex).test(value)) {
      throw new BadRequestError(`${field.label}: ${field.pattern.message}`);
    }
    credentials[field.name] = value;
  }
  return credentials;
}
