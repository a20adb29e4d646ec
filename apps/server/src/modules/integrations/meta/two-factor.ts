export type TwoFactorType = 'none' | 'admin_required' | 'all_required';

const TWO_FACTOR_TYPES: readonly string[] = ['none', 'admin_required', 'all_required'];

/** The business's two_factor_type; null for a value Meta's SDK does not list. */
export const twoFactorTypeOf = (value: unknown): TwoFactorType | null =>
  typeof value === 'string' && TWO_FACTOR_TYPES.includes(value) ? (value as TwoFactorType) : null;

export type TwoFacStatus = 'on' | 'off' | 'unknown';

// Meta documents two_fac_status only as a string; its values were found in no source
// (integrations-reference §3.4). Only the obvious spellings are trusted; anything else, or no
// value, is unknown and counted neither way rather than guessed.
const ON = new Set(['enabled', 'on']);
const OFF = new Set(['disabled', 'off', 'not_enabled']);

export function twoFacStatusOf(value: unknown): TwoFacStatus {
  if (typeof value !== 'string') return 'unknown';
  if (ON.has(value)) return 'on';
  if (OFF.has(value)) return 'off';
  return 'unknown';
}
