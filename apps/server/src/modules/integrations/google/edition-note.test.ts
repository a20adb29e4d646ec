import { describe, expect, it } from 'vitest';
import { googleEditionSummary } from './edition-note';

const starter = { skuId: '1010020027', name: 'Google Workspace Business Starter' };
const standard = { skuId: '1010020028', name: 'Google Workspace Business Standard' };
const enterprise = { skuId: '1010020026', name: 'Google Workspace Enterprise Standard' };

describe('the Google Workspace edition on the card', () => {
  it('names the edition, who holds it and what it includes of what checks use', () => {
    expect(googleEditionSummary({ editions: [{ ...starter, users: 12 }] })).toEqual({
      name: 'Google Workspace Business Starter',
      includes: '12 users, basic mobile management only, no Context-Aware Access',
    });
    expect(googleEditionSummary({ editions: [{ ...enterprise, users: 1 }] })).toEqual({
      name: 'Google Workspace Enterprise Standard',
      includes: '1 user, advanced mobile management, Context-Aware Access',
    });
  });

  it('names mixed editions as such, with how many hold the main one', () => {
    const plan = {
      editions: [
        { ...starter, users: 9 },
        { ...standard, users: 3 },
      ],
    };
    expect(googleEditionSummary(plan)).toEqual({
      name: 'Google Workspace Business Starter, mixed with Business Standard',
      includes: '9 of 12 users, basic mobile management only, no Context-Aware Access',
    });
  });

  it('says nothing it does not know of an edition', () => {
    const essentials = { skuId: '1010060001', name: 'Google Workspace Essentials', users: 4 };
    expect(googleEditionSummary({ editions: [essentials] })).toEqual({
      name: 'Google Workspace Essentials',
      includes: '4 users',
    });
  });

  it('says why the edition is unknown, and nothing for facts of older syncs', () => {
    const unknown = {
      editions: null,
      unknown: 'Reconnect Google Workspace to let Castellan read your edition',
    };
    expect(googleEditionSummary(unknown)).toEqual({
      name: 'unknown',
      includes: 'Reconnect Google Workspace to let Castellan read your edition',
    });
    expect(googleEditionSummary(undefined)).toBeNull();
  });
});
