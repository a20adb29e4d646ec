import { parsePublicDomain } from './domain';
import { isConsumerEmailDomain } from './vocabulary';

/*
 * The allow-list's value check, without zod, so that the web app runs the very check the API
 * applies (the API's schemas call it too).
 */

export const ALLOW_LIST_TYPES = ['user', 'domain', 'file'] as const;
export type AllowListType = (typeof ALLOW_LIST_TYPES)[number];

/** Spec §5. */
export const consumerDomainMessage = (host: string) =>
  `Consumer email domains like ${host} are not allowed.`;

/** Spec §5: saving while an entry holds a consumer domain. */
export const DISALLOWED_DOMAIN_ON_SAVE = 'You cannot save settings with a disallowed domain.';

/** zod 4's e-mail pattern, which the contract's `emailAddress` applies elsewhere. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const MAX_EMAIL_LENGTH = 254;
/** A Google Drive file id. */
const DRIVE_FILE_ID = /^[A-Za-z0-9_-]{10,200}$/;

export type AllowListValueResult = { ok: true; value: string } | { ok: false; error: string };

/** Checks and normalises the value of an allow-list entry of the given type. */
export function parseAllowListValue(type: AllowListType, value: string): AllowListValueResult {
  if (type === 'user') {
    const email = value.trim().toLowerCase();
    return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email)
      ? { ok: true, value: email }
      : { ok: false, error: `"${value.trim()}" is not a valid e-mail address.` };
  }
  if (type === 'domain') {
    const parsed = parsePublicDomain(value, { allowReserved: true });
    if (!parsed.ok) return parsed;
    if (isConsumerEmailDomain(parsed.domain)) {
      return { ok: false, error: consumerDomainMessage(parsed.domain) };
    }
    return { ok: true, value: parsed.domain };
  }
  const id = value.trim();
  return DRIVE_FILE_ID.test(id)
    ? { ok: true, value: id }
    : { ok: false, error: `"${id}" is not a Google Drive file id.` };
}
