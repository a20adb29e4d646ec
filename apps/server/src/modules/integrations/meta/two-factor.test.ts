import { describe, expect, it } from 'vitest';
import { twoFacStatusOf, twoFactorTypeOf } from './two-factor';

describe('two-factor values', () => {
  it('trusts only the two_fac_status spellings it knows', () => {
    expect(['enabled', 'on'].map(twoFacStatusOf)).toEqual(['on', 'on']);
    expect(['disabled', 'off', 'not_enabled'].map(twoFacStatusOf)).toEqual(['off', 'off', 'off']);
    expect(['ENABLED', 'pending', '', undefined, 1].map(twoFacStatusOf)).toEqual(
      Array(5).fill('unknown'),
    );
  });

  it('knows the three two_factor_type values and nothing else', () => {
    expect(['none', 'admin_required', 'all_required', 'some'].map(twoFactorTypeOf)).toEqual([
      'none',
      'admin_required',
      'all_required',
      null,
    ]);
  });
});
